import type { AppEvent } from '../../../../events/catalog.js';

/**
 * How far an account's deletion has come, as the account's stream tells it: `active` until the owner asks,
 * `deleting` from AccountDeletionStarted until AccountDeleted closes it, then `deleted`. It keeps the address and the
 * username the remaining steps need (read through the person's key: once the key is destroyed they read as
 * FORGOTTEN, events/personal.ts).
 */
export type DeletionProgress =
  | { phase: 'none' }
  | { phase: 'active' | 'deleting'; userId: string; email: string; username: string | null }
  | { phase: 'deleted'; userId: string };

export const initialState: DeletionProgress = { phase: 'none' };

export function evolve(state: DeletionProgress, event: AppEvent): DeletionProgress {
  switch (event.type) {
    case 'UserSignedUp':
      return { phase: 'active', userId: event.data.userId, email: event.data.email, username: event.data.username };
    case 'AccountDeletionStarted':
      return state.phase === 'active' ? { ...state, phase: 'deleting' } : state;
    case 'AccountDeleted':
      return { phase: 'deleted', userId: event.data.userId };
    default:
      return state;
  }
}

export const deletionProgress = { initialState, evolve };
