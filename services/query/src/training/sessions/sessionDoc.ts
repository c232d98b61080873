import type { AppEvent } from '../../../../../events/catalog.js';
import { runningSeconds } from '../../../../../events/session.js';
import type { ImportedSetType, ImportSource } from '../../../../../events/imports.js';
import { lbOf, type WeightUnit } from '../../../../../contract/weightUnits.js';
import { exerciseIdentity, shownName } from '../../../../domain/training/exerciseIdentity.js';
import { exercisesIn } from '../../../../domain/training/setFacts.js';
import { countsAsWorkout } from '../../../../domain/training/workoutRule.js';
import type { ActiveSessionAnswer, ExerciseLogSession, LoggedExercise } from '../../../../../contract/training/sessionAnswer.js';

export interface LoggedExerciseDoc {
  workout_id: string;
  workout_name: string;
  sets: number;
  reps_per_set: number;
  weight_used_lb: number;
  notes: string | null;
  logged_at: string;
  /** The weight as it was logged, in its unit: an imported entry's as the file had it, a set's as the person logged it (`weight_used_lb` is it in lb). */
  weight?: number;
  unit?: WeightUnit;
  /** A cardio row or a hold (no reps), imported or logged: its distance and time as given. */
  distance?: number;
  distance_unit?: 'km' | 'mi';
  seconds?: number;
  /** An imported drop set or set to failure, an entry of its own. */
  set_type?: ImportedSetType;
}

export interface LoggedSetDoc {
  set_id: string;
  exercise: string;
  name: string;
  weight_lb: number;
  /** The weight as the person logged it, in their unit (absent in docs written before it was kept). */
  weight?: number;
  unit?: WeightUnit;
  /** 0 for a hold or cardio, which have `seconds` (and cardio a `distance`) instead. */
  reps: number;
  seconds?: number;
  distance?: number;
  distance_unit?: 'km' | 'mi';
  warmup: boolean;
  logged_at: string;
}

/** One workout session with every dated fact of it; runtime and elapsed time of an open one are computed on read. */
export interface SessionDoc {
  session_id: string;
  regimen_id: string;
  day_number: number;
  source: 'plans' | 'tracker';
  start_time: string;
  status: 'In Progress' | 'Paused' | 'Ended';
  pauses: { paused_at: string; resumed_at: string | null }[];
  /** Paused time of the pauses already over. */
  paused_ms: number;
  exercises: LoggedExerciseDoc[];
  /** Sets logged one by one while the session is open; at its end they join `exercises` (`setsAsExercises`). */
  sets?: LoggedSetDoc[];
  end_time: string | null;
  runtime_seconds: number | null;
  total_duration_minutes: number | null;
  ended_by: 'stopped' | 'ended' | null;
  /** A session brought in from another app's export: which import, from which app, and its name there. */
  imported?: { import_id: string; app: ImportSource; name: string; notes?: string };
}

/**
 * One user's sessions as read: those still going, and the history of ended ones (oldest first), app sessions and
 * those of completed imports together (sessionHistory.ts joins them from their docs).
 */
export interface UserSessions {
  open: SessionDoc[];
  history: SessionDoc[];
}

/** The events of a session's own stream that change what the log shows of it. */
export const SESSION_EVENTS = ['WorkoutSessionStarted', 'WorkoutSessionPaused', 'WorkoutSessionResumed', 'ExerciseLogged', 'SetLogged', 'SetDeleted', 'WorkoutSessionEnded'] as const;
export type SessionEvent = Extract<AppEvent, { type: (typeof SESSION_EVENTS)[number] }>;
/** A session event as a month doc keeps it for a session started in an earlier month: its type and data. */
export type SessionFact = { [T in SessionEvent['type']]: { type: T; data: Extract<SessionEvent, { type: T }>['data'] } }[SessionEvent['type']];

const ms = (iso: string) => Date.parse(iso);

/** A session as its start makes it. */
export function startedSession(d: Extract<SessionEvent, { type: 'WorkoutSessionStarted' }>['data']): SessionDoc {
  return {
    session_id: d.sessionId,
    regimen_id: d.regimenId,
    day_number: d.dayNumber,
    source: d.source,
    start_time: d.startedAt,
    status: 'In Progress',
    pauses: [],
    paused_ms: 0,
    exercises: [],
    end_time: null,
    runtime_seconds: null,
    total_duration_minutes: null,
    ended_by: null,
  };
}

/**
 * A session after one more of its events (a start aside): the one fold of a session, applied as the projection
 * meets an event and again at read for the events of a later month. An ended session takes nothing more.
 */
export function applyToSession(s: SessionDoc, fact: SessionFact): SessionDoc {
  if (s.status === 'Ended') return s;
  switch (fact.type) {
    case 'WorkoutSessionPaused':
      return { ...s, status: 'Paused', pauses: [...s.pauses, { paused_at: fact.data.pausedAt, resumed_at: null }] };
    case 'WorkoutSessionResumed': {
      const { resumedAt } = fact.data;
      const last = s.pauses[s.pauses.length - 1];
      if (!last || last.resumed_at) return { ...s, status: 'In Progress' };
      return {
        ...s,
        status: 'In Progress',
        pauses: [...s.pauses.slice(0, -1), { ...last, resumed_at: resumedAt }],
        paused_ms: s.paused_ms + ms(resumedAt) - ms(last.paused_at),
      };
    }
    case 'ExerciseLogged': {
      const d = fact.data;
      const entry: LoggedExerciseDoc = {
        workout_id: d.workoutId,
        workout_name: d.name,
        sets: d.sets,
        reps_per_set: d.reps,
        weight_used_lb: d.weightLb,
        notes: d.notes,
        logged_at: d.loggedAt,
      };
      return { ...s, exercises: [...s.exercises, entry] };
    }
    case 'SetLogged': {
      const d = fact.data;
      const set: LoggedSetDoc = {
        set_id: d.setId,
        exercise: d.exercise,
        name: shownName(d.exercise, d.exerciseName),
        weight_lb: d.weight === undefined || d.unit === undefined ? 0 : lbOf(d.weight, d.unit),
        ...(d.weight !== undefined && d.unit !== undefined && { weight: d.weight, unit: d.unit }),
        reps: d.reps ?? 0,
        ...(d.seconds !== undefined && { seconds: d.seconds }),
        ...(d.distance !== undefined && d.distanceUnit !== undefined && { distance: d.distance, distance_unit: d.distanceUnit }),
        warmup: d.warmup,
        logged_at: d.loggedAt,
      };
      return { ...s, sets: [...(s.sets ?? []), set] };
    }
    case 'SetDeleted':
      return { ...s, sets: (s.sets ?? []).filter((set) => set.set_id !== fact.data.setId) };
    case 'WorkoutSessionEnded': {
      const d = fact.data;
      const { sets = [], ...rest } = s;
      return {
        ...rest,
        exercises: [...s.exercises, ...setsAsExercises(sets)],
        status: 'Ended',
        end_time: d.endedAt,
        runtime_seconds: d.runtimeSeconds,
        total_duration_minutes: d.totalDurationMinutes,
        ended_by: d.endedBy,
        pauses: s.pauses.map((p) => (p.resumed_at ? p : { ...p, resumed_at: d.endedAt })),
      };
    }
    default:
      return s;
  }
}

/**
 * A set as the log's entries are made from it: logged in the app one by one, or a row of an imported file, which
 * for a cardio row (no reps) gives its distance or time instead.
 */
export type EntrySet = Omit<LoggedSetDoc, 'set_id'> & Pick<LoggedExerciseDoc, 'distance' | 'distance_unit' | 'seconds' | 'set_type'> & { notes?: string };

/** The notes of the sets of one entry, each once. */
const joinedNotes = (a: string | null, b: string | null) => (a === null || b === null || a === b ? (a ?? b) : a.split(' · ').includes(b) ? a : `${a} · ${b}`);

const isCardio = (e: { reps_per_set: number; distance?: number; seconds?: number }) => e.reps_per_set === 0 && (e.distance !== undefined || e.seconds !== undefined);

/**
 * Sets in the log's whole-exercise shape, so the Exercise Log, the week's workouts and progress read a set-by-set or
 * imported session like any other: each run of working sets of one exercise at one weight (as logged) and rep count
 * is one entry ("3 × 12 at 100 lb", or "3 × 5 at 60 kg" as the person logged it), with the notes of its sets; a
 * cardio row, a drop set and a set to failure are each an entry of their own. Warm-ups are left out, as everywhere a
 * workload is counted.
 */
export function setsAsExercises(sets: readonly EntrySet[]): LoggedExerciseDoc[] {
  const entries: LoggedExerciseDoc[] = [];
  for (const set of sets) {
    if (set.warmup) continue;
    const entry: LoggedExerciseDoc = {
      workout_id: set.exercise,
      workout_name: set.name,
      sets: 1,
      reps_per_set: set.reps,
      weight_used_lb: Math.round(set.weight_lb * 100) / 100,
      notes: set.notes ?? null,
      logged_at: set.logged_at,
      ...(set.weight === undefined || set.unit === undefined ? {} : { weight: set.weight, unit: set.unit }),
      ...(set.distance === undefined || set.distance_unit === undefined ? {} : { distance: set.distance, distance_unit: set.distance_unit }),
      ...(set.seconds === undefined ? {} : { seconds: set.seconds }),
      ...(set.set_type === undefined ? {} : { set_type: set.set_type }),
    };
    const last = entries[entries.length - 1];
    const same =
      last &&
      !isCardio(last) &&
      !isCardio(entry) &&
      last.workout_id === entry.workout_id &&
      last.set_type === entry.set_type &&
      last.reps_per_set === entry.reps_per_set &&
      last.unit === entry.unit &&
      (last.weight ?? last.weight_used_lb) === (entry.weight ?? entry.weight_used_lb);
    if (same) entries[entries.length - 1] = { ...last, sets: last.sets + 1, notes: joinedNotes(last.notes, entry.notes) };
    else entries.push(entry);
  }
  return entries;
}

/**
 * How many exercises an ended session holds: distinct exercises by identity across its entries (a set's entry and an
 * exercise logged whole alike; warm-ups are no entry). What "N exercises" says of it, and whether it is a workout.
 */
export const exercisesLoggedIn = (s: { exercises: readonly Pick<LoggedExerciseDoc, 'workout_name'>[] }) => exercisesIn(s.exercises.map((e) => ({ exercise: exerciseIdentity(e.workout_name).key, warmup: false })));

/** Whether a session of the history counts as a workout: the one rule (docs/adr/0064), on what it holds. */
export const isWorkoutSession = (s: Pick<SessionDoc, 'status'> & { exercises: readonly Pick<LoggedExerciseDoc, 'workout_name'>[] }) => countsAsWorkout({ ended: s.status === 'Ended', exercisesLogged: exercisesLoggedIn(s) });

/** docs/product.md#what-the-app-keeps-and-answers "Active session" at `now`: runtime counts running time only, elapsed the wall time since the start. */
export function activeSession(sessions: Pick<UserSessions, 'open'> | undefined, now: Date): ActiveSessionAnswer | null {
  const open = [...(sessions?.open ?? [])].sort((a, b) => b.start_time.localeCompare(a.start_time))[0];
  if (!open) return null;
  const elapsedMs = Math.max(0, now.getTime() - ms(open.start_time));
  const current = open.pauses[open.pauses.length - 1];
  const pausedSince = open.status === 'Paused' && current && !current.resumed_at ? current.paused_at : null;
  return {
    session_id: open.session_id,
    regimen_id: open.regimen_id,
    status: open.status,
    start_time: open.start_time,
    elapsed_seconds: Math.floor(elapsedMs / 1000),
    runtime_seconds: runningSeconds({ startedAt: open.start_time, pausedMs: open.paused_ms, pausedSince }, now.getTime()),
    // What was logged so far: a reloaded tracker shows it again (docs/adr/0065); End says what the session holds.
    exercises: open.exercises.map(loggedExercise),
    // Both kinds of logs, each exercise once: the dashboard's "N exercises logged" (the list above has only whole ones).
    exercises_logged: exercisesIn([...open.exercises.map((e) => ({ exercise: exerciseIdentity(e.workout_name).key, warmup: false })), ...(open.sets ?? [])]),
  };
}

const loggedExercise = (e: LoggedExerciseDoc): LoggedExercise => ({
  workout_id: e.workout_id,
  workout_name: e.workout_name,
  sets: e.sets,
  reps_per_set: e.reps_per_set,
  weight_used_lb: e.weight_used_lb,
  ...(e.notes === null ? {} : { notes: e.notes }),
  ...(e.weight === undefined || e.unit === undefined ? {} : { weight: e.weight, unit: e.unit }),
  ...(e.distance === undefined || e.distance_unit === undefined ? {} : { distance: e.distance, distance_unit: e.distance_unit }),
  ...(e.seconds === undefined ? {} : { seconds: e.seconds }),
  ...(e.set_type === undefined ? {} : { set_type: e.set_type }),
});

/** docs/product.md#what-the-app-keeps-and-answers "Exercise log session", in the order given; notes only where the user wrote some. */
export function exerciseLogs(sessions: readonly SessionDoc[]): ExerciseLogSession[] {
  return sessions.map((s) => ({
      session_id: s.session_id,
      regimen_id: s.regimen_id,
      start_time: s.start_time,
      end_time: s.end_time,
      total_duration_minutes: s.total_duration_minutes,
      exercises: s.exercises.map(loggedExercise),
      // Where an imported session came from (the app and the import, which Undo takes back).
      ...(s.imported ? { imported_from: s.imported.app, import_id: s.imported.import_id, name: s.imported.name, ...(s.imported.notes ? { notes: s.imported.notes } : {}) } : {}),
    }));
}
