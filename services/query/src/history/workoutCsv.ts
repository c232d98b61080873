import type { ImportedSet } from '../../../../events/imports.js';
import type { RecordedEvent } from '../../../../events/store/port.js';
import { lbOf, KG_PER_LB, type WeightUnit } from '../../../../events/sets.js';
import type { AppEvent } from '../../../../events/catalog.js';
import { csvText, type Cell } from '../../../platform/csv.js';
import { localDateTime } from '../../../platform/time.js';

type ExportSet = Omit<ImportedSet, 'exercise' | 'custom'>;

/** One workout as the exports write it: sessions logged in the app and those of imports that count, alike. */
export interface ExportWorkout {
  name: string;
  startedAt: string;
  durationMinutes: number;
  sets: ExportSet[];
}

/**
 * The user's workouts from their own events, set by set as logged (the sessions doc keeps the whole-exercise view
 * only): every session with a set in it, and the workouts of imports completed and not undone.
 */
export function workoutsOf(events: RecordedEvent[]): ExportWorkout[] {
  const sessions = new Map<string, ExportWorkout & { ids: string[] }>();
  const imports = new Map<string, { live: boolean; workouts: ExportWorkout[] }>();
  const plain = (weight: number, unit: WeightUnit, reps: number, rpe: number | null, warmup: boolean, exerciseName: string): ExportSet => ({ exerciseName, weight, unit, reps, rpe, warmup, distance: null, distanceUnit: null, seconds: null });
  for (const event of events as AppEvent[]) {
    switch (event.type) {
      case 'WorkoutSessionStarted':
        sessions.set(event.data.sessionId, { name: 'Workout', startedAt: event.data.startedAt, durationMinutes: 0, sets: [], ids: [] });
        break;
      case 'SetLogged': {
        const s = sessions.get(event.data.sessionId);
        const d = event.data;
        s?.sets.push(plain(d.weight, d.unit, d.reps, d.rpe, d.warmup, d.exerciseName));
        s?.ids.push(d.setId);
        break;
      }
      case 'SetDeleted': {
        const s = sessions.get(event.data.sessionId);
        const i = s ? s.ids.indexOf(event.data.setId) : -1;
        if (i >= 0) {
          s!.sets.splice(i, 1);
          s!.ids.splice(i, 1);
        }
        break;
      }
      case 'ExerciseLogged': {
        const s = sessions.get(event.data.sessionId);
        for (let k = 0; k < event.data.sets; k += 1) {
          s?.sets.push(plain(event.data.weightLb, 'lb', event.data.reps, null, false, event.data.name));
          s?.ids.push(`${event.id}-${k}`);
        }
        break;
      }
      case 'WorkoutSessionEnded': {
        const s = sessions.get(event.data.sessionId);
        if (s) s.durationMinutes = event.data.totalDurationMinutes;
        break;
      }
      case 'ImportStarted':
        imports.set(event.data.importId, { live: false, workouts: [] });
        break;
      case 'WorkoutsImported':
        imports.get(event.data.importId)?.workouts.push(...event.data.workouts.map((w) => ({ name: w.name, startedAt: w.startedAt, durationMinutes: w.durationMinutes, sets: w.sets.map(exportSet) })));
        break;
      case 'ImportCompleted': {
        const i = imports.get(event.data.importId);
        if (i) i.live = true;
        break;
      }
      case 'ImportUndone':
        imports.delete(event.data.importId);
        break;
      default:
        break;
    }
  }
  const logged = [...sessions.values()].filter((s) => s.sets.length > 0).map((s): ExportWorkout => ({ name: s.name, startedAt: s.startedAt, durationMinutes: s.durationMinutes, sets: s.sets }));
  const imported = [...imports.values()].filter((i) => i.live).flatMap((i) => i.workouts);
  return [...logged, ...imported].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

/** An imported set as the exports write it: its name as the file had it matched, without our identity key. */
const exportSet = (s: ImportedSet): ExportSet => ({ exerciseName: s.exerciseName, weight: s.weight, unit: s.unit, reps: s.reps, rpe: s.rpe, warmup: s.warmup, distance: s.distance, distanceUnit: s.distanceUnit, seconds: s.seconds });

const duration = (minutes: number) => `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
const orNull = (n: number | null) => n;

/** The set's order as Strong writes it: the working sets of an exercise counted 1, 2, …; a warm-up is "W". */
function orders(sets: ExportSet[]): string[] {
  const counted = new Map<string, number>();
  return sets.map((s) => {
    if (s.warmup) return 'W';
    const n = (counted.get(s.exerciseName) ?? 0) + 1;
    counted.set(s.exerciseName, n);
    return String(n);
  });
}

/**
 * Strong's export with a weight unit on every row (its `;`-separated export), so a weight goes out as it was
 * entered, in its own unit, and comes back the same.
 */
export function strongCsv(workouts: ExportWorkout[], timeZone: string): string {
  const columns = ['Date', 'Workout Name', 'Exercise Name', 'Set Order', 'Weight', 'Weight Unit', 'Reps', 'RPE', 'Distance', 'Distance Unit', 'Seconds', 'Notes', 'Workout Notes', 'Workout Duration'];
  const rows: Cell[][] = workouts.flatMap((w) => {
    const order = orders(w.sets);
    return w.sets.map((s, i) => [localDateTime(w.startedAt, timeZone), w.name, s.exerciseName, order[i]!, s.weight, s.unit, s.reps, orNull(s.rpe), s.distance, s.distanceUnit, s.seconds, null, null, duration(w.durationMinutes)]);
  });
  return csvText(columns, rows, ';');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "26 Jul 2025, 07:06", as Hevy writes its times (to the minute). */
function hevyTime(instant: string, timeZone: string): string {
  const local = localDateTime(instant, timeZone);
  return `${Number(local.slice(8, 10))} ${MONTHS[Number(local.slice(5, 7)) - 1]} ${local.slice(0, 4)}, ${local.slice(11, 16)}`;
}

/** A weight in the file's one unit, to the hundredth (Hevy has a single weight column). */
const inUnit = (weight: number, unit: WeightUnit, to: WeightUnit) => (unit === to ? weight : Math.round((to === 'kg' ? lbOf(weight, unit) * KG_PER_LB : lbOf(weight, unit)) * 100) / 100);

/** Hevy's export, weights and distances in the user's unit. */
export function hevyCsv(workouts: ExportWorkout[], timeZone: string, units: WeightUnit): string {
  const columns = ['title', 'start_time', 'end_time', 'description', 'exercise_title', 'superset_id', 'exercise_notes', 'set_index', 'set_type', units === 'kg' ? 'weight_kg' : 'weight_lbs', 'reps', units === 'kg' ? 'distance_km' : 'distance_miles', 'duration_seconds', 'rpe'];
  const KM_PER_MI = 1.609344;
  const distance = (s: ExportSet) => {
    if (s.distance === null) return null;
    const to = units === 'kg' ? 'km' : 'mi';
    if (s.distanceUnit === to) return s.distance;
    return Math.round((to === 'km' ? s.distance * KM_PER_MI : s.distance / KM_PER_MI) * 1000) / 1000;
  };
  const rows: Cell[][] = workouts.flatMap((w) => {
    const end = new Date(Date.parse(w.startedAt) + w.durationMinutes * 60_000).toISOString();
    const index = new Map<string, number>();
    return w.sets.map((s) => {
      const n = index.get(s.exerciseName) ?? 0;
      index.set(s.exerciseName, n + 1);
      return [w.name, hevyTime(w.startedAt, timeZone), hevyTime(end, timeZone), null, s.exerciseName, null, null, n, s.warmup ? 'warmup' : 'normal', inUnit(s.weight, s.unit, units), s.reps, distance(s), s.seconds, s.rpe];
    });
  });
  return csvText(columns, rows);
}
