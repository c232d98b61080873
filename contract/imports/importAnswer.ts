/**
 * The sources of an import, and the answers of POST /api/imports (preview and import) and GET /api/imports, written
 * once for both sides: the routes build them and the web client's imports feature reads them. It imports nothing, so
 * the web build takes nothing else from the server; events/imports.ts takes its list of sources from here.
 */

/** The apps whose CSV exports can be imported (and written back out). */
export const IMPORT_SOURCES = ['strong', 'hevy'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
/** Each source as people call it, wherever an imported session says where it came from. */
export const IMPORT_SOURCE_NAMES: Record<ImportSource, string> = { strong: 'Strong', hevy: 'Hevy' };

/**
 * How the weights' unit of a file was settled: the file says it (a unit column, or the unit in a column's name), the
 * person chose it (`?unit=`), it was inferred from the weights (plate steps, magnitudes), or, the weights fitting
 * either, it is the profile's.
 */
export const UNIT_SOURCES = ['file', 'chosen', 'inferred', 'profile'] as const;
export type UnitSource = (typeof UNIT_SOURCES)[number];

/** The unit weights without one in the file are read in, how it was settled, and why, in words to show. */
export interface UnitAnswer {
  unit: 'kg' | 'lb';
  source: UnitSource;
  why: string;
}

/** The orders a date written with slashes is read in: day first (29/11/2026) or month first (11/29/2026). */
export const DATE_ORDERS = ['dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

/**
 * How a file's slashed dates are read: settled by the file (a date with a day past the 12th), or, the file reading
 * either way, by the person's choice (`?dates=`); why, in words to show.
 */
export interface DatesAnswer {
  order: DateOrder;
  source: 'file' | 'chosen';
  why: string;
}

/** One of the file's exercise names and what it is matched to: a catalog exercise, or kept as the person's own. */
export interface NameMatch {
  name: string;
  exercise: string;
  catalogName: string;
}

/** What a file will bring in (the preview), or brought in (the import): one summary for both. */
export interface ImportSummary {
  source: ImportSource;
  /** Which layout of the app's export the file is, in words ("Strong, French, `;` with decimal commas"). */
  layout: string;
  unit: UnitAnswer;
  /** The order of day and month of a file that writes its dates with slashes; null for any other file. */
  dates: DatesAnswer | null;
  workouts: number;
  sets: number;
  exercises: number;
  from: string | null;
  to: string | null;
  /** Workouts of the file left out: the user already has a session starting in the same minute. */
  skipped: number;
  /** The file's exercise names kept as custom exercises (no catalog match, or the person chose to keep it as their own). */
  unmatched: string[];
  /** The file's names that match a catalog exercise (by name or by the user's re-mapping), with the one they match. */
  matched: NameMatch[];
  /** Sets of the file that carry a note, and drop and failure sets: kept with the sets. */
  notes: number;
  dropSets: number;
  failureSets: number;
}

/** POST /api/imports?dryRun=1: nothing written; the earlier import of this very file, if one counts. */
export interface PreviewAnswer extends ImportSummary {
  importId: null;
  dryRun: true;
  duplicateOf: string | null;
}

/** POST /api/imports: written, with the position to read it at. */
export interface ImportAnswer extends ImportSummary {
  importId: string;
  position: number;
}

/** GET /api/imports: one past import, newest first; undone ones stay listed. */
export interface PastImport extends Omit<ImportSummary, 'unmatched' | 'matched' | 'layout' | 'unit' | 'dates' | 'notes' | 'dropSets' | 'failureSets'> {
  import_id: string;
  file_name: string | null;
  started_at: string;
  /** `running` until its completion is in the log: it counts nowhere until then; one cut short stays so until undone. */
  status: 'running' | 'completed' | 'undone';
  completed_at: string | null;
  undone_at: string | null;
}

/** The files the importer reads, as the import screen lists them and a refusal points to them. */
export const ACCEPTED_LAYOUTS = [
  'Strong: the CSV of Settings › Export Strong Data, from any year and in any language, read by its columns in the order Strong writes them, whatever its header says: 10 (Date, Workout Name, Exercise Name, Set Order, Weight, Reps, Distance, Seconds, Notes, Workout Notes), 12 (the same with Duration after Workout Name and RPE last), 13 (the newest: a workout number first, the units in the column names, Rest Timer rows and all) or 14 (with Weight Unit and Distance Unit columns); separated by commas or by semicolons (with decimal commas). A header in words this importer knows (English among them) may also come in any order.',
  'Dates as the apps write them: 2026-11-29 07:15, 29 Nov 2026, 07:15, 29.11.2026 07:15, or with slashes, day first (29/11/2026 07:15) or month first (11/29/2026 7:15 AM), the order told by the file where a day is past the 12th and otherwise chosen in the preview.',
  'Hevy: the CSV of Settings › Export & Import Data › Export workouts, weights in kg or in lbs.',
] as const;
