import type { AppEvent } from '../../../../../events/catalog.js';

/**
 * The user's one active-session slot: "one active session per user" is decided on one stream, so concurrent starts
 * collide there. It is claimed on the user's workout roster stream (`workoutRosterStream`), where it has always been,
 * so the claims already in the log keep counting; this fold reads only the slot's own events on that stream.
 */
export interface SessionSlot {
  active: { sessionId: string; regimenId: string; claimedAt: string } | null;
}

export const initialState: SessionSlot = { active: null };

export function evolve(state: SessionSlot, event: AppEvent): SessionSlot {
  switch (event.type) {
    case 'ActiveSessionClaimed': {
      const { sessionId, regimenId, claimedAt } = event.data;
      return { active: { sessionId, regimenId, claimedAt } };
    }
    case 'ActiveSessionReleased':
      return state.active?.sessionId === event.data.sessionId ? { active: null } : state;
    default:
      return state;
  }
}

export const sessionSlot = { initialState, evolve };
