import type { AppEvent } from '../../../../../events/catalog.js';
import { instantOf, type SESSION_SOURCES } from '../../../../../events/session.js';

export interface LoggedEntry {
  workoutId: string;
  sets: number;
  reps: number;
  weightLb: number;
}

/** What the write side needs of one workout session: its owner, whether it runs, and how long it has run. */
export type Session =
  | { status: 'none' }
  | {
      status: 'running' | 'paused' | 'ended';
      sessionId: string;
      userId: string;
      regimenId: string;
      dayNumber: number;
      source: (typeof SESSION_SOURCES)[number];
      startedAt: string;
      /** When the current pause began; null while running. */
      pausedSince: string | null;
      /** Paused time of the pauses already over. */
      pausedMs: number;
      logged: LoggedEntry[];
      /** Sets logged one by one and not taken back. */
      liveSets: number;
      /** The latest instant among its events: a command is never dated before it (`notBefore`). */
      lastAt: string;
    };

export const initialState: Session = { status: 'none' };

const ms = (iso: string) => Date.parse(iso);

export function evolve(state: Session, event: AppEvent): Session {
  if (event.type === 'WorkoutSessionStarted') {
    const { sessionId, userId, regimenId, dayNumber, source, startedAt } = event.data;
    return { status: 'running', sessionId, userId, regimenId, dayNumber, source, startedAt, pausedSince: null, pausedMs: 0, logged: [], liveSets: 0, lastAt: startedAt };
  }
  if (state.status === 'none') return state;
  const at = instantOf(event);
  return at && Date.parse(at) > Date.parse(state.lastAt) ? { ...evolveOwn(state, event), lastAt: at } : evolveOwn(state, event);
}

type Begun = Exclude<Session, { status: 'none' }>;

function evolveOwn(state: Begun, event: AppEvent): Begun {
  switch (event.type) {
    case 'WorkoutSessionPaused':
      return { ...state, status: 'paused', pausedSince: event.data.pausedAt };
    case 'WorkoutSessionResumed':
      return {
        ...state,
        status: 'running',
        pausedSince: null,
        pausedMs: state.pausedMs + (state.pausedSince ? ms(event.data.resumedAt) - ms(state.pausedSince) : 0),
      };
    case 'ExerciseLogged': {
      const { workoutId, sets, reps, weightLb } = event.data;
      return { ...state, logged: [...state.logged, { workoutId, sets, reps, weightLb }] };
    }
    case 'SetLogged':
      return { ...state, liveSets: state.liveSets + 1 };
    case 'SetDeleted':
      return { ...state, liveSets: Math.max(0, state.liveSets - 1) };
    case 'WorkoutSessionEnded':
      return { ...state, status: 'ended' };
    default:
      return state;
  }
}

export const session = { initialState, evolve };
