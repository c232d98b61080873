import { strToU8, zipSync } from 'fflate';
import type { RecordedEvent } from '../../events/store/port.js';
import type { WeightUnit } from '../../contract/weightUnits.js';
import { csvText } from '../../services/platform/csv.js';
import { eventLines, exportCsvFiles } from '../../services/query/src/imports/export/export.js';
import { foldUser } from '../../services/query/src/imports/export/userHistory.js';
import { hevyFile, strongFile, WorkoutsFold, type CsvFile, type ExportWorkout } from '../../services/query/src/imports/export/workoutCsv.js';

/**
 * The exports built whole from all of a user's events at once, folding every projection: what the streamed answers
 * (services/query/src/imports/export/streamed.ts) must equal, byte for byte within each file.
 */
const wholeText = ({ columns, rows, separator }: CsvFile): string => csvText(columns, [...rows], separator);

export function workoutsOf(events: RecordedEvent[]): ExportWorkout[] {
  const fold = new WorkoutsFold();
  for (const event of events) fold.add(event);
  return fold.workouts();
}

export const strongCsv = (workouts: ExportWorkout[], timeZone: string): string => wholeText(strongFile(workouts, timeZone));

export const hevyCsv = (workouts: ExportWorkout[], timeZone: string, units: WeightUnit): string => wholeText(hevyFile(workouts, timeZone, units));

export function exportZip(userId: string, events: RecordedEvent[]): Uint8Array {
  const files: Record<string, Uint8Array> = { 'events.jsonl': strToU8(eventLines(events)) };
  for (const [name, file] of exportCsvFiles(foldUser(userId, events), userId)) files[name] = strToU8(wholeText(file));
  return zipSync(files);
}
