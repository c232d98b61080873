import type { AppEvent } from '../../../../../events/catalog.js';
import { instantOf, setsAdded, type SESSION_SOURCES } from '../../../../../events/session.js';
import { exerciseIdentity } from '../../../../domain/training/exerciseIdentity.js';
import { exercisesIn } from '../../../../domain/training/setFacts.js';
import { countsAsWorkout } from '../../../../domain/training/workoutRule.js';

export interface LoggedEntry {
  workoutId: string;
  sets: number;
  reps: number;
  weightLb: number;
}

/** One thing a session holds: an exercise logged whole (`setId` null) or one set. */
export interface HeldSet {
  setId: string | null;
  exercise: string;
  warmup: boolean;
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
      /**
       * What the session holds, by exercise key: each exercise logged whole, and each set logged one by one and not
       * taken back, warm-ups marked. Whether its end is a workout is read from it (`countsAsWorkout`).
       */
      held: HeldSet[];
      /** Sets the session holds, logged one by one or with an exercise, deletions included (`refuseFullSession`). */
      sets: number;
      /** The latest instant among its events: a command is never dated before it (`notBefore`). */
      lastAt: string;
    };

export const initialState: Session = { status: 'none' };

const ms = (iso: string) => Date.parse(iso);

export function evolve(state: Session, event: AppEvent): Session {
  if (event.type === 'WorkoutSessionStarted') {
    const { sessionId, userId, regimenId, dayNumber, source, startedAt } = event.data;
    return { status: 'running', sessionId, userId, regimenId, dayNumber, source, startedAt, pausedSince: null, pausedMs: 0, logged: [], held: [], sets: 0, lastAt: startedAt };
  }
  if (state.status === 'none') return state;
  const at = instantOf(event);
  const added = setsAdded(event);
  const next = added > 0 ? { ...evolveOwn(state, event), sets: state.sets + added } : evolveOwn(state, event);
  return at && Date.parse(at) > Date.parse(state.lastAt) ? { ...next, lastAt: at } : next;
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
      const { workoutId, name, sets, reps, weightLb } = event.data;
      return { ...state, logged: [...state.logged, { workoutId, sets, reps, weightLb }], held: [...state.held, { setId: null, exercise: exerciseIdentity(name).key, warmup: false }] };
    }
    case 'SetLogged': {
      const { setId, exercise, warmup } = event.data;
      return { ...state, held: [...state.held, { setId, exercise, warmup }] };
    }
    case 'SetDeleted':
      return { ...state, held: state.held.filter((h) => h.setId !== event.data.setId) };
    case 'WorkoutSessionEnded':
      return { ...state, status: 'ended' };
    default:
      return state;
  }
}

/** Whether the session, ended, is a workout: the one rule (docs/adr/0064), on what it holds. */
export const isWorkout = (state: Session) => state.status === 'ended' && countsAsWorkout({ ended: true, exercisesLogged: exercisesIn(state.held) });

export const session = { initialState, evolve };
