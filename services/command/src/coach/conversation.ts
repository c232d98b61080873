import type { AppEvent } from '../../../../events/catalog.js';
import { statedIn, statesAnything } from '../../../domain/coach/constraints.js';
import type { ChatTurn, PlanData } from '../../../domain/coach/types.js';
import type { Evolver } from '../execute.js';

/** How many of the conversation's last messages the trainer reads with a question. */
export const CONTEXT_TURNS = 6;
/** How many of the conversation's latest offered plans "this plan" can mean. */
const OFFERS_KEPT = 4;

/**
 * The trainer's context, folded from the chat log (`chat-<userId>`), never from what a client sends: the current
 * conversation's last turns and offered plans, and every statement the person ever made that binds plans (a diet,
 * an allergy, the body, equipment, age), across conversations. Loaded with a snapshot, so its cost does not grow
 * with the log.
 */
export interface Conversation {
  turns: ChatTurn[];
  offered: PlanData[];
  said: string[];
}

export const conversation: Evolver<Conversation> = {
  initialState: { turns: [], offered: [], said: [] },
  evolve(state, event: AppEvent): Conversation {
    switch (event.type) {
      case 'ChatQuestionAsked': {
        const message = event.data.message;
        return {
          ...state,
          turns: [...state.turns, { role: 'user' as const, content: message }].slice(-CONTEXT_TURNS),
          said: statesAnything(statedIn(message)) ? [...state.said, message] : state.said,
        };
      }
      case 'ChatAnswerGiven':
        return { ...state, turns: [...state.turns, { role: 'assistant' as const, content: event.data.message }].slice(-CONTEXT_TURNS) };
      case 'ChatPlanOffered':
        return { ...state, offered: [...state.offered, event.data.plan as unknown as PlanData].slice(-OFFERS_KEPT) };
      case 'ChatConversationStarted':
        return { ...state, turns: [], offered: [] };
      default:
        return state;
    }
  },
};
