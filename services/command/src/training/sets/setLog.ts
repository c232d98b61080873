import type { AppEvent } from '../../../../../events/catalog.js';
import { instantOf, setsAdded } from '../../../../../events/session.js';

/** What deciding on sets needs of a session's stream: whose it is, whether it is open, and its live sets. */
export interface SetLog {
  status: 'none' | 'open' | 'ended';
  sessionId: string;
  userId: string;
  /** Sets logged so far, deletions included: the next set's number. */
  numbered: number;
  /** Sets the session holds, logged one by one or with an exercise, deletions included (`refuseFullSession`). */
  sets: number;
  live: { setId: string; exercise: string; loggedAt: string }[];
  /** The latest instant among the session's events: a set is never dated before it (`notBefore`). */
  lastAt: string | undefined;
}

export const initialState: SetLog = { status: 'none', sessionId: '', userId: '', numbered: 0, sets: 0, live: [], lastAt: undefined };

export function evolve(state: SetLog, event: AppEvent): SetLog {
  const added = setsAdded(event);
  const next = added > 0 ? { ...evolveOwn(state, event), sets: state.sets + added } : evolveOwn(state, event);
  const at = instantOf(event);
  return at && (!next.lastAt || Date.parse(at) > Date.parse(next.lastAt)) ? { ...next, lastAt: at } : next;
}

function evolveOwn(state: SetLog, event: AppEvent): SetLog {
  switch (event.type) {
    case 'WorkoutSessionStarted':
      return { ...initialState, status: 'open', sessionId: event.data.sessionId, userId: event.data.userId };
    case 'WorkoutSessionEnded':
      return { ...state, status: 'ended' };
    case 'SetLogged':
      return { ...state, numbered: state.numbered + 1, live: [...state.live, { setId: event.data.setId, exercise: event.data.exercise, loggedAt: event.data.loggedAt }] };
    case 'SetDeleted':
      return { ...state, live: state.live.filter((s) => s.setId !== event.data.setId) };
    default:
      return state;
  }
}

export const setLog = { initialState, evolve };
