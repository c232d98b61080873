import ProgressPage from '../../features/progress/ProgressPage';
import { StrengthPanel } from '../../features/training';

/** /prog: the progress charts, with training's records as the Strength tab. */
export default function ProgressScreen() {
  return <ProgressPage StrengthPanel={StrengthPanel} />;
}
