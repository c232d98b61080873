import { type Cell } from '../../../../platform/csv.js';
import type { RecordedEvent } from '../../../../../events/store/port.js';
import { chunksOf } from '../../chunks.js';
import type { InMemoryFold } from '../../fold.js';
import type { MealLogsDoc } from '../../nutrition/api.js';
import type { MeasurementsDoc } from '../../accounts/api.js';
import { importedSessionsProjection, sessionMonthsProjection } from '../../training/api.js';
import { sessionsFrom } from './userHistory.js';
import type { CsvFile } from './workoutCsv.js';

/**
 * One of the user's own events as stored, as one JSON line (without its line end). The password hash is the one
 * thing held back: it is a secret of the login, not data about the person, and nothing read from the export needs it.
 */
export function eventLine(e: RecordedEvent): string {
  const data = 'passwordHash' in (e.data as object) ? { ...(e.data as object), passwordHash: '[withheld]' } : e.data;
  return JSON.stringify({ position: e.position, stream: e.stream, revision: e.revision, id: e.id, type: e.type, data, metadata: e.metadata });
}

/** The user's own events as stored, one JSON object a line, each line ended. */
export const eventLines = (events: RecordedEvent[]): string => events.map((e) => `${eventLine(e)}\n`).join('');

/** The projections whose docs the CSVs are drawn from: a fold for the export needs these alone. */
export const CSV_PROJECTIONS = ['measurements', sessionMonthsProjection.name, importedSessionsProjection.name, 'mealLogs'] as const;

/**
 * The zip's CSV files in the zip's order, from the user's docs folded by the live projections (`userFold`, with at
 * least `CSV_PROJECTIONS`).
 */
export function exportCsvFiles(fold: InMemoryFold, userId: string): [name: string, file: CsvFile][] {
  const measurements = fold.range<MeasurementsDoc>('measurements', chunksOf(userId)).flatMap((c) => c.history);
  const sessions = sessionsFrom(fold, userId);
  const all = [...sessions.history, ...sessions.open];
  const meals = fold.range<MealLogsDoc>('mealLogs', chunksOf(userId)).flatMap((c) => c.logs);
  const file = (columns: string[], rows: Iterable<Cell[]>): CsvFile => ({ columns, separator: ',', rows });
  function* sets(): Generator<Cell[]> {
    for (const s of all) for (const e of s.exercises) yield [s.session_id, e.workout_id, e.workout_name, e.sets, e.reps_per_set, e.weight_used_lb, e.notes, e.logged_at];
  }
  return [
    ['measurements.csv', file(['measured_at', 'weight_lb', 'body_fat_percentage', 'muscle_percentage'], measurements.map((m) => [m.at, m.weight_lb, m.body_fat_percentage, m.muscle_percentage]))],
    [
      'workouts.csv',
      file(
        ['session_id', 'regimen_id', 'day_number', 'source', 'start_time', 'end_time', 'status', 'runtime_seconds', 'total_duration_minutes', 'ended_by'],
        all.map((s) => [s.session_id, s.regimen_id, s.day_number, s.source, s.start_time, s.end_time, s.status, s.runtime_seconds, s.total_duration_minutes, s.ended_by]),
      ),
    ],
    ['sets.csv', file(['session_id', 'workout_id', 'workout_name', 'sets', 'reps_per_set', 'weight_used_lb', 'notes', 'logged_at'], sets())],
    [
      'meals.csv',
      file(
        ['meal_log_id', 'meal_plan_id', 'logged_at', 'day_number', 'meal_time', 'name', 'calories', 'protein_grams', 'carbs_grams', 'fats_grams'],
        meals.map((l) => [l.meal_log_id, l.meal_plan_id, l.logged_at, l.day_number, l.meal_time, l.name, l.calories, l.protein_grams, l.carbs_grams, l.fats_grams]),
      ),
    ],
  ];
}
