import type { AppEvent } from '../../../../events/catalog.js';

/**
 * The user's workout roster (stream `workouts-<userId>`): every per-user rule of the workouts and sessions slices
 * is decided on this one stream, so optimistic concurrency keeps them true without a cross-stream transaction.
 */
export interface Roster {
  primaryRegimenId: string | null;
  deletedRegimenIds: string[];
  /** The session holding the user's one active-session slot. */
  activeSession: { sessionId: string; regimenId: string; claimedAt: string } | null;
}

export const initialState: Roster = { primaryRegimenId: null, deletedRegimenIds: [], activeSession: null };

export function evolve(state: Roster, event: AppEvent): Roster {
  switch (event.type) {
    case 'PrimaryRegimenSelected':
      return { ...state, primaryRegimenId: event.data.regimenId };
    case 'RegimenDeleted':
      return { ...state, deletedRegimenIds: [...state.deletedRegimenIds, event.data.regimenId] };
    case 'ActiveSessionClaimed': {
      const { sessionId, regimenId, claimedAt } = event.data;
      return { ...state, activeSession: { sessionId, regimenId, claimedAt } };
    }
    case 'ActiveSessionReleased':
      return state.activeSession?.sessionId === event.data.sessionId ? { ...state, activeSession: null } : state;
    default:
      return state;
  }
}

export const roster = { initialState, evolve };
