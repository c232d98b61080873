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

/** What a file will bring in (the preview), or brought in (the import): one summary for both. */
export interface ImportSummary {
  source: ImportSource;
  workouts: number;
  sets: number;
  exercises: number;
  from: string | null;
  to: string | null;
  /** Workouts of the file left out: the user already has a session starting in the same minute. */
  skipped: number;
  /** The file's exercise names kept as custom exercises (no catalog match, and not re-mapped). */
  unmatched: string[];
  /** The file's names that match a catalog exercise (by name or by the user's re-mapping), with the one they match. */
  matched: { name: string; exercise: string; catalogName: string }[];
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
export interface PastImport extends Omit<ImportSummary, 'unmatched' | 'matched'> {
  import_id: string;
  file_name: string | null;
  started_at: string;
  /** `running` until its completion is in the log: it counts nowhere until then; one cut short stays so until undone. */
  status: 'running' | 'completed' | 'undone';
  completed_at: string | null;
  undone_at: string | null;
}
