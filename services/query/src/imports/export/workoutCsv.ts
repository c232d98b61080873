import type { ImportedSet } from '../../../../../events/imports.js';
import type { RecordedEvent } from '../../../../../events/store/port.js';
import { lbOf, KG_PER_LB, type WeightUnit } from '../../../../../contract/weightUnits.js';
import type { AppEvent } from '../../../../../events/catalog.js';
import { type Cell } from '../../../../platform/csv.js';
import { localDateTime } from '../../../../platform/time.js';

/** A set as the exports write it: under the name the person knows it by (the file's, for an imported one). */
type ExportSet = Omit<ImportedSet, 'exercise' | 'custom' | 'givenName'>;

/** One workout as the exports write it: sessions logged in the app and those of imports that count, alike. */
export interface ExportWorkout {
  name: string;
  startedAt: string;
  durationMinutes: number;
  notes?: string;
  sets: ExportSet[];
}

/**
 * The user's workouts gathered from their own events as they are read, in position order (`add`), set by set as
 * logged (the sessions' month docs keep the whole-exercise view only): every session with a set in it, and the workouts of
 * imports completed and not undone. It keeps the workouts, never the events, so a history read page by page is
 * held once, in the sets' own few fields.
 */
export class WorkoutsFold {
  private readonly sessions = new Map<string, ExportWorkout & { ids: string[] }>();
  private readonly imports = new Map<string, { live: boolean; workouts: ExportWorkout[] }>();
  /** Each plan's day names as last saved, so a session is named by the day it worked out, as it was then. */
  private readonly days = new Map<string, { name: string; days: Map<number, string> }>();

  add(event: RecordedEvent): void {
    const e = event as AppEvent;
    switch (e.type) {
      case 'RegimenSaved.v2':
        this.days.set(e.data.regimenId, { name: e.data.name, days: new Map(e.data.days.map((d) => [d.dayNumber, d.summary])) });
        break;
      case 'WorkoutSessionStarted': {
        const plan = this.days.get(e.data.regimenId);
        const name = plan?.days.get(e.data.dayNumber)?.trim() || plan?.name.trim() || 'Workout';
        this.sessions.set(e.data.sessionId, { name, startedAt: e.data.startedAt, durationMinutes: 0, sets: [], ids: [] });
        break;
      }
      case 'SetLogged': {
        const s = this.sessions.get(e.data.sessionId);
        const d = e.data;
        // A set has only what its exercise's kind measures: a hold or cardio row writes its time (and distance).
        s?.sets.push({ ...plain(d.weight ?? 0, d.unit ?? 'lb', d.reps ?? 0, d.rpe, d.warmup, d.exerciseName), distance: d.distance ?? null, distanceUnit: d.distanceUnit ?? null, seconds: d.seconds ?? null });
        s?.ids.push(d.setId);
        break;
      }
      case 'SetDeleted': {
        const s = this.sessions.get(e.data.sessionId);
        const i = s ? s.ids.indexOf(e.data.setId) : -1;
        if (i >= 0) {
          s!.sets.splice(i, 1);
          s!.ids.splice(i, 1);
        }
        break;
      }
      case 'ExerciseLogged': {
        const s = this.sessions.get(e.data.sessionId);
        for (let k = 0; k < e.data.sets; k += 1) {
          s?.sets.push({ ...plain(e.data.weightLb, 'lb', e.data.reps, null, false, e.data.name), ...(e.data.notes ? { notes: e.data.notes } : {}) });
          s?.ids.push(`${e.id}-${k}`);
        }
        break;
      }
      case 'WorkoutSessionEnded': {
        const s = this.sessions.get(e.data.sessionId);
        if (s) s.durationMinutes = e.data.totalDurationMinutes;
        break;
      }
      case 'ImportStarted':
        this.imports.set(e.data.importId, { live: false, workouts: [] });
        break;
      case 'WorkoutsImported': {
        const i = this.imports.get(e.data.importId);
        for (const w of e.data.workouts) i?.workouts.push({ name: w.name, startedAt: w.startedAt, durationMinutes: w.durationMinutes, ...(w.notes ? { notes: w.notes } : {}), sets: w.sets.map(exportSet) });
        break;
      }
      case 'ImportCompleted': {
        const i = this.imports.get(e.data.importId);
        if (i) i.live = true;
        break;
      }
      case 'ImportUndone':
        this.imports.delete(e.data.importId);
        break;
      default:
        break;
    }
  }

  /** The workouts of the events added so far, in the order they started (a stable sort: logged ones first on a tie). */
  workouts(): ExportWorkout[] {
    const logged = [...this.sessions.values()].filter((s) => s.sets.length > 0).map((s): ExportWorkout => ({ name: s.name, startedAt: s.startedAt, durationMinutes: s.durationMinutes, sets: byExercise(s.sets) }));
    const imported = [...this.imports.values()].filter((i) => i.live).flatMap((i) => i.workouts);
    return [...logged, ...imported].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  }
}

const plain = (weight: number, unit: WeightUnit, reps: number, rpe: number | null, warmup: boolean, exerciseName: string): ExportSet => ({ exerciseName, weight, unit, reps, rpe, warmup, distance: null, distanceUnit: null, seconds: null });

/**
 * An imported set as the exports write it: under the file's own name for it (the name the person knows, which their
 * other app matches its history by), without our identity key, with its note and its kind.
 */
const exportSet = (s: ImportedSet): ExportSet => ({
  exerciseName: s.givenName ?? s.exerciseName,
  weight: s.weight,
  unit: s.unit,
  reps: s.reps,
  rpe: s.rpe,
  warmup: s.warmup,
  distance: s.distance,
  distanceUnit: s.distanceUnit,
  seconds: s.seconds,
  ...(s.setType ? { setType: s.setType } : {}),
  ...(s.notes ? { notes: s.notes } : {}),
});

/**
 * A session's sets exercise by exercise, each in the order it was first logged: the apps list a workout so, and a
 * superset logged in turns would otherwise come out as rows of two exercises taking turns.
 */
function byExercise(sets: ExportSet[]): ExportSet[] {
  const groups = new Map<string, ExportSet[]>();
  for (const s of sets) {
    const group = groups.get(s.exerciseName);
    if (group) group.push(s);
    else groups.set(s.exerciseName, [s]);
  }
  return [...groups.values()].flat();
}

const duration = (minutes: number) => `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
const orNull = (n: number | null) => n;

/** The set's order as Strong writes it: the working sets of an exercise counted 1, 2, …; a warm-up is "W", a drop set "D", a failure set "F". */
function orders(sets: ExportSet[]): string[] {
  const counted = new Map<string, number>();
  return sets.map((s) => {
    if (s.warmup) return 'W';
    if (s.setType) return s.setType === 'drop' ? 'D' : 'F';
    const n = (counted.get(s.exerciseName) ?? 0) + 1;
    counted.set(s.exerciseName, n);
    return String(n);
  });
}

/** A CSV file as its columns and its rows, made one by one as they are written (never all at once). */
export interface CsvFile {
  columns: string[];
  separator: string;
  rows: Iterable<Cell[]>;
}

/**
 * Strong's export with a weight unit on every row (its `;`-separated export), so a weight goes out as it was
 * entered, in its own unit, and comes back the same.
 */
export function strongFile(workouts: ExportWorkout[], timeZone: string): CsvFile {
  const columns = ['Date', 'Workout Name', 'Exercise Name', 'Set Order', 'Weight', 'Weight Unit', 'Reps', 'RPE', 'Distance', 'Distance Unit', 'Seconds', 'Notes', 'Workout Notes', 'Workout Duration'];
  function* rows(): Generator<Cell[]> {
    for (const w of workouts) {
      const order = orders(w.sets);
      const date = localDateTime(w.startedAt, timeZone);
      for (const [i, s] of w.sets.entries()) yield [date, w.name, s.exerciseName, order[i]!, s.weight, s.unit, s.reps, orNull(s.rpe), s.distance, s.distanceUnit, s.seconds, s.notes ?? null, w.notes ?? null, duration(w.durationMinutes)];
    }
  }
  return { columns, separator: ';', rows: rows() };
}


const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "26 Jul 2025, 07:06", as Hevy writes its times (to the minute). */
function hevyTime(instant: string, timeZone: string): string {
  const local = localDateTime(instant, timeZone);
  return `${Number(local.slice(8, 10))} ${MONTHS[Number(local.slice(5, 7)) - 1]} ${local.slice(0, 4)}, ${local.slice(11, 16)}`;
}

/** A weight in the file's one unit, to the hundredth (Hevy has a single weight column). */
const inUnit = (weight: number, unit: WeightUnit, to: WeightUnit) => (unit === to ? weight : Math.round((to === 'kg' ? lbOf(weight, unit) * KG_PER_LB : lbOf(weight, unit)) * 100) / 100);

const HEVY_SET_TYPE = { normal: 'normal', drop: 'dropset', failure: 'failure' } as const;

/** Hevy keeps a note per exercise of a workout, on each of its rows: the notes of its sets, each once, a line apiece. */
function exerciseNotes(sets: ExportSet[]): Map<string, string> {
  const notes = new Map<string, string[]>();
  for (const s of sets) {
    if (!s.notes) continue;
    const said = notes.get(s.exerciseName) ?? [];
    if (!said.includes(s.notes)) notes.set(s.exerciseName, [...said, s.notes]);
  }
  return new Map([...notes].map(([name, said]) => [name, said.join('\n')]));
}

/**
 * Hevy's export. Its one weight column is in the unit most of the sets were entered in (the profile's at a tie), and
 * its one distance column in the unit most distances were (at a tie km with kg, miles with lb), so they go out as
 * entered and come back the same.
 */
export function hevyFile(workouts: ExportWorkout[], timeZone: string, profileUnits: WeightUnit): CsvFile {
  const counts = { kg: 0, lb: 0 };
  for (const w of workouts) for (const s of w.sets) counts[s.unit] += 1;
  const units: WeightUnit = counts.kg === counts.lb ? profileUnits : counts.kg > counts.lb ? 'kg' : 'lb';
  const distances = { km: 0, mi: 0 };
  for (const w of workouts) for (const s of w.sets) if (s.distance !== null && s.distanceUnit !== null) distances[s.distanceUnit] += 1;
  const to: 'km' | 'mi' = distances.km === distances.mi ? (units === 'kg' ? 'km' : 'mi') : distances.km > distances.mi ? 'km' : 'mi';
  const columns = ['title', 'start_time', 'end_time', 'description', 'exercise_title', 'superset_id', 'exercise_notes', 'set_index', 'set_type', units === 'kg' ? 'weight_kg' : 'weight_lbs', 'reps', to === 'km' ? 'distance_km' : 'distance_miles', 'duration_seconds', 'rpe'];
  const KM_PER_MI = 1.609344;
  const distance = (s: ExportSet) => {
    if (s.distance === null) return null;
    if (s.distanceUnit === to) return s.distance;
    return Math.round((to === 'km' ? s.distance * KM_PER_MI : s.distance / KM_PER_MI) * 1000) / 1000;
  };
  function* rows(): Generator<Cell[]> {
    for (const w of workouts) {
      const end = new Date(Date.parse(w.startedAt) + w.durationMinutes * 60_000).toISOString();
      const [start, stop] = [hevyTime(w.startedAt, timeZone), hevyTime(end, timeZone)];
      const index = new Map<string, number>();
      const notes = exerciseNotes(w.sets);
      for (const s of w.sets) {
        const n = index.get(s.exerciseName) ?? 0;
        index.set(s.exerciseName, n + 1);
        yield [w.name, start, stop, w.notes ?? null, s.exerciseName, null, notes.get(s.exerciseName) ?? null, n, s.warmup ? 'warmup' : HEVY_SET_TYPE[s.setType ?? 'normal'], inUnit(s.weight, s.unit, units), s.reps, distance(s), s.seconds, s.rpe];
      }
    }
  }
  return { columns, separator: ',', rows: rows() };
}
