import type { AppEvent } from '../../../../../events/catalog.js';

/** What deciding on merges needs of the user's `exercises-<id>` stream: which custom exercise is read as which. */
export interface Merges {
  /** Merged custom key → the key it is read as. */
  into: Record<string, string>;
}

export const initialState: Merges = { into: {} };

export function evolve(state: Merges, event: AppEvent): Merges {
  switch (event.type) {
    case 'CustomExerciseMerged':
      return { into: { ...state.into, [event.data.exercise]: event.data.into } };
    case 'CustomExerciseSplit': {
      const { [event.data.exercise]: _, ...into } = state.into;
      return { into };
    }
    default:
      return state;
  }
}

export const merges = { initialState, evolve };
