import { TRAINING } from '../../../../events/bounds.js';
import { newEvent, type AppNewEvent } from '../../../../events/catalog.js';
import { importedSessionId, startMinute, type ImportedWorkout, type ImportSource } from '../../../../events/imports.js';
import { Rejected } from '../../../../events/rejected.js';
import { customIdentity, exerciseIdentity, type ExerciseIdentity } from '../../../domain/training/exerciseIdentity.js';
import type { ImportEntry, ImportLog } from './importLog.js';
import type { FileWorkout, ParsedFile } from './parse.js';

/** What the plan takes of the file besides its workouts. */
type FileFacts = Pick<ParsedFile, 'source' | 'layout' | 'unit' | 'dates'>;
import type { ImportSummary } from '../../../../contract/imports/importAnswer.js';

export const NO_SUCH_IMPORT = 'No such import';
/**
 * A batch event holds at most this many sets (a workout of more is a batch of its own), so no event grows with the
 * file, and one append with the reading and folding of it that follows in the same turn (checks, sealing, the write,
 * the projections) stays a short hold of the event loop for everyone else's requests. Fewer batches would mean fewer
 * rewrites of the docs they land in, and a little more speed for the import itself.
 */
export const SETS_PER_BATCH = 250;
/** What the user will get from a file, the same whether previewed or imported: the answer's summary, with the workouts. */
export type ImportPlan = Omit<ImportSummary, 'workouts'> & { workouts: ImportedWorkout[] };

/** The earlier import of the very same file that counts (completed and not undone), if any. */
export function earlierImportOf(log: ImportLog, contentHash: string): ImportEntry | undefined {
  return log.imports.find((i) => i.contentHash === contentHash && i.status === 'completed');
}

/**
 * The file's names the person matched themselves: to a catalog exercise by its name, or (null) kept as their own
 * custom exercise whatever the catalog would match it to.
 */
export type Remap = Record<string, string | null>;

/**
 * The file's workouts as they will be imported: each exercise name matched to the catalog (or re-mapped by the user
 * to a catalog exercise, or kept as the user's own), workouts starting in a minute the user already has a session in left out. Workouts are
 * taken one by one (`add`), so a caller may give up the event loop between them; `planImport` takes a file at once.
 */
export class ImportPlanner {
  private readonly identities = new Map<string, ExerciseIdentity>();
  private readonly workouts: ImportedWorkout[] = [];
  /** The identity keys of the sets kept, as first met. */
  private readonly exercises = new Set<string>();
  private sets = 0;
  private skipped = 0;
  private notes = 0;
  private dropSets = 0;
  private failureSets = 0;

  constructor(private readonly options: { importId: string; remap: Remap; taken: ReadonlySet<string> }) {}

  private identityOf(name: string): ExerciseIdentity {
    let identity = this.identities.get(name);
    if (!identity) {
      const chosen = this.options.remap[name];
      this.identities.set(name, (identity = chosen === null ? customIdentity(name) : exerciseIdentity(chosen ?? name)));
    }
    return identity;
  }

  add(w: FileWorkout): void {
    if (this.options.taken.has(startMinute(w.startedAt))) {
      this.skipped += 1;
      return;
    }
    if (w.notes !== undefined) this.notes += 1;
    this.workouts.push({
      sessionId: importedSessionId(this.options.importId, this.workouts.length + 1),
      name: w.name,
      startedAt: w.startedAt,
      durationMinutes: w.durationMinutes,
      ...(w.notes === undefined ? {} : { notes: w.notes }),
      sets: w.sets.map(({ exerciseName, ...set }) => {
        const { key, name, custom } = this.identityOf(exerciseName);
        this.exercises.add(key);
        if (set.notes !== undefined) this.notes += 1;
        if (set.setType === 'drop') this.dropSets += 1;
        else if (set.setType === 'failure') this.failureSets += 1;
        // The file's own name is kept beside the identity's, so the exports give it back as the person knows it.
        return { exercise: key, exerciseName: name, custom, ...(name === exerciseName ? {} : { givenName: exerciseName }), ...set };
      }),
    });
    this.sets += w.sets.length;
  }

  plan({ source, layout, unit, dates }: FileFacts): ImportPlan {
    const { workouts, exercises, notes, dropSets, failureSets } = this;
    const byName = [...this.identities.entries()].filter(([, id]) => exercises.has(id.key));
    return {
      source,
      layout,
      unit,
      dates,
      workouts,
      notes,
      dropSets,
      failureSets,
      sets: this.sets,
      exercises: exercises.size,
      from: workouts[0]?.startedAt ?? null,
      to: workouts[workouts.length - 1]?.startedAt ?? null,
      skipped: this.skipped,
      unmatched: byName.filter(([, id]) => id.custom).map(([name]) => name).sort(),
      matched: byName.filter(([, id]) => !id.custom).map(([name, id]) => ({ name, exercise: id.key, catalogName: id.name })).sort((a, b) => a.name.localeCompare(b.name)),
    };
  }
}

/** A whole file planned at once (`ImportPlanner`). */
export function planImport(file: ParsedFile, options: { importId: string; remap: Remap; taken: ReadonlySet<string> }): ImportPlan {
  const planner = new ImportPlanner(options);
  for (const w of file.workouts) planner.add(w);
  return planner.plan(file);
}

const count = (n: number) => n.toLocaleString('en-US');

/** Imports of the file that never finished: an import of it takes them back in its own append. */
const unfinishedOf = (log: ImportLog, contentHash: string) => log.imports.filter((i) => i.contentHash === contentHash && i.status === 'started');

/**
 * Refuses a file that would make the person's imports hold more exercises than `TRAINING.importedExercises`, each
 * import counting its own: those started or completed, but for the file's unfinished imports (its import takes them
 * back). The preview asks it too, so a file is refused before the person chooses to import it. Either way a 409: the
 * file reads well, and it is what the person's imports can hold that refuses it.
 */
export function refuseTooManyExercises(log: ImportLog, { exercises, contentHash }: { exercises: number; contentHash: string }): void {
  const most = TRAINING.importedExercises;
  const leaving = new Set(unfinishedOf(log, contentHash).map((i) => i.importId));
  if (exercises > most) throw new Rejected('conflict', `This file names ${count(exercises)} different exercises, and your imports may hold at most ${count(most)} in all: nothing was imported`);
  const held = log.imports.reduce((n, i) => (i.status === 'undone' || leaving.has(i.importId) ? n : n + i.exercises), 0);
  if (held + exercises > most) {
    throw new Rejected(
      'conflict',
      `Your imports hold ${count(held)} exercises (each import counts its own), and this file's ${count(exercises)} would pass the ${count(most)} they may hold in all. Undo an import you no longer need, then import this file: nothing was imported`,
    );
  }
}

/**
 * The start of an import on the user's stream; the same file imported before is refused, naming that import. An
 * import of the same file that never finished (its process killed mid-way, or still running) is taken back in the
 * same append: it can no longer complete, so the file counts once, whichever import of it gets through. A file
 * past what the imports may hold together is refused (`refuseTooManyExercises`).
 */
export function startImport(log: ImportLog, { userId, importId, plan, contentHash, fileName, now }: { userId: string; importId: string; plan: ImportPlan; contentHash: string; fileName: string | null; now: string }): AppNewEvent[] {
  const earlier = earlierImportOf(log, contentHash);
  if (earlier) throw new Rejected('conflict', duplicateMessage(earlier));
  const unfinished = unfinishedOf(log, contentHash);
  const { source, workouts, sets, exercises, from, to, skipped } = plan;
  refuseTooManyExercises(log, { exercises, contentHash });
  return [
    ...unfinished.map((i) => newEvent('ImportUndone', { importId: i.importId, userId, undoneAt: now })),
    newEvent('ImportStarted', { importId, userId, source, contentHash, fileName, workouts: workouts.length, sets, exercises, from, to, skipped, startedAt: now }),
  ];
}

export const duplicateMessage = (earlier: ImportEntry) => `This file was already imported (import ${earlier.importId}, ${earlier.startedAt.slice(0, 10)}); nothing was imported again`;

/** The import's workouts in batches of whole workouts, each batch at most `SETS_PER_BATCH` sets (or one workout). */
export function importBatches({ userId, importId, source, workouts }: { userId: string; importId: string; source: ImportSource; workouts: ImportedWorkout[] }): AppNewEvent[] {
  const batches: ImportedWorkout[][] = [];
  let current: ImportedWorkout[] = [];
  let sets = 0;
  for (const w of workouts) {
    if (current.length > 0 && sets + w.sets.length > SETS_PER_BATCH) {
      batches.push(current);
      current = [];
      sets = 0;
    }
    current.push(w);
    sets += w.sets.length;
  }
  if (current.length > 0) batches.push(current);
  return batches.map((batch, i) => newEvent('WorkoutsImported', { importId, userId, source, batch: i, workouts: batch }));
}

const ownImport = (log: ImportLog, importId: string) => log.imports.find((i) => i.importId === importId);

/** The import is done: from this event on it counts everywhere. */
export function completeImport(log: ImportLog, { userId, importId, now }: { userId: string; importId: string; now: string }): AppNewEvent[] {
  const entry = ownImport(log, importId);
  if (entry?.status === 'undone') throw new Rejected('conflict', 'This import was taken back before it finished (undone, or the same file imported again); nothing of it counts');
  if (!entry || entry.status !== 'started') throw new Rejected('conflict', 'This import is not running');
  return [newEvent('ImportCompleted', { importId, userId, completedAt: now })];
}

/**
 * An import taken back: one event, after which its workouts count nowhere. One that never finished is taken back
 * too (its process may have been killed mid-way: nothing else would ever end it), and can then no longer complete.
 * An import of someone else's is a 404.
 */
export function undoImport(log: ImportLog, { userId, importId, now }: { userId: string; importId: string; now: string }): AppNewEvent[] {
  const entry = ownImport(log, importId);
  if (!entry) throw new Rejected('not_found', NO_SUCH_IMPORT);
  if (entry.status === 'undone') throw new Rejected('conflict', 'This import was already undone');
  return [newEvent('ImportUndone', { importId, userId, undoneAt: now })];
}
