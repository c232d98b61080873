import ChatPage, { type UsePlansOf } from '../../features/coach/ChatPage';
import { useMealPlansQuery } from '../../features/nutrition';
import { useRegimensQuery } from '../../features/training';

/** The plans the chat names in its indicator line: nutrition's meal plans, training's regimens. */
const usePlansOf: UsePlansOf = (mode, signedIn) => {
  const { data: mealPlans } = useMealPlansQuery(undefined, { skip: mode !== 'meal' || !signedIn });
  const { data: regimens } = useRegimensQuery(undefined, { skip: mode !== 'exercise' || !signedIn });
  return mode === 'meal' ? mealPlans : mode === 'exercise' ? regimens : undefined;
};

/** /chat: the coach, reading the plans of nutrition and training it refers to. */
export default function CoachScreen() {
  return <ChatPage usePlansOf={usePlansOf} />;
}
