import type { AppEvent } from '../../../../events/catalog.js';
import type { SESSION_SOURCES } from '../../../../events/session.js';

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
      pausedAt: string | null;
      /** Paused time of the pauses already over. */
      pausedMs: number;
      logged: LoggedEntry[];
    };

export const initialState: Session = { status: 'none' };

const ms = (iso: string) => Date.parse(iso);

export function evolve(state: Session, event: AppEvent): Session {
  if (event.type === 'WorkoutSessionStarted') {
    const { sessionId, userId, regimenId, dayNumber, source, startedAt } = event.data;
    return { status: 'running', sessionId, userId, regimenId, dayNumber, source, startedAt, pausedAt: null, pausedMs: 0, logged: [] };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'WorkoutSessionPaused':
      return { ...state, status: 'paused', pausedAt: event.data.pausedAt };
    case 'WorkoutSessionResumed':
      return {
        ...state,
        status: 'running',
        pausedAt: null,
        pausedMs: state.pausedMs + (state.pausedAt ? ms(event.data.resumedAt) - ms(state.pausedAt) : 0),
      };
    case 'ExerciseLogged': {
      const { workoutId, sets, reps, weightLb } = event.data;
      return { ...state, logged: [...state.logged, { workoutId, sets, reps, weightLb }] };
    }
    case 'WorkoutSessionEnded':
      return { ...state, status: 'ended' };
    default:
      return state;
  }
}

/** Running time up to `now`: wall time since the start less every pause, the one going on included. */
export function runningSeconds(state: Extract<Session, { startedAt: string }>, now: string): number {
  const pausedNow = state.pausedAt ? ms(now) - ms(state.pausedAt) : 0;
  return Math.max(0, Math.floor((ms(now) - ms(state.startedAt) - state.pausedMs - pausedNow) / 1000));
}

export const session = { initialState, evolve };
