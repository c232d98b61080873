import { getRoutes, type GetRoutes } from '../../../../platform/routing.js';
import { type Response } from 'express';
import { currentUser, requireUser } from '../../../../platform/auth.js';
import { badRequest } from '../../../../platform/http.js';
import { tooMany } from '../../../../platform/rateLimit.js';
import type { QueryDeps } from '../../context.js';
import type { ProfileDoc } from '../../accounts/api.js';
import { CSV_PROJECTIONS, eventLines, exportCsvFiles } from './export.js';
import { Slices } from '../../../../platform/turns.js';
import { ClientGone, eachEventOf, responseSink, writeCsv, ZipSink } from './streamed.js';
import { userFold } from './userHistory.js';
import { hevyFile, strongFile, WorkoutsFold } from './workoutCsv.js';

/** How long a person asked to wait while an export of theirs is still being written. */
const EXPORT_RUNNING_RETRY_MS = 10_000;

/**
 * GET /api/export: the caller's own history, and only theirs (there is no parameter naming a user, so neither
 * another user nor staff can fetch someone else's). `?format=jsonl` gives the events alone; the default is a zip of
 * events.jsonl plus measurements.csv, workouts.csv, sets.csv and meals.csv. GET /api/export/workouts?format=strong|hevy:
 * the workouts as a Strong or Hevy export. Each is written as it is made (./streamed.ts), and a person has one export
 * being written at a time in this process (the work it bounds is this process's): another meanwhile is a 429.
 */
export function exportQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  const running = new Set<string>();

  /** Runs one export of the caller's, written to the response; the answer is through when it resolves. */
  const exporting = async (res: Response, write: (userId: string, slices: Slices) => Promise<void>) => {
    const userId = currentUser(res).id;
    if (running.has(userId)) throw tooMany(res, EXPORT_RUNNING_RETRY_MS, 'An export of your data is being written already; ask for another once it is through.');
    running.add(userId);
    try {
      res.setHeader('Cache-Control', 'no-store');
      await write(userId, new Slices());
      res.end();
    } catch (error) {
      if (error instanceof ClientGone) return;
      if (!res.headersSent) throw error;
      // Part of the answer is out: the reader must see it cut short, not take it for whole.
      deps.log.error('export cut short', { error: error instanceof Error ? error.message : String(error) });
      res.destroy();
    } finally {
      running.delete(userId);
    }
  };

  router.get('/export', requireUser(deps.tokens), async (req, res) => {
    const format = req.query.format ?? 'zip';
    if (format !== 'zip' && format !== 'jsonl') throw badRequest('format must be zip or jsonl');
    const day = deps.now().toISOString().slice(0, 10);
    await exporting(res, async (userId, slices) => {
      const out = responseSink(res, slices);
      if (format === 'jsonl') {
        res.attachment(`trainer-events-${day}.jsonl`).setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
        await eachEventOf(deps.events, userId, slices, () => undefined, (page) => out.write(eventLines(page)));
        return;
      }
      res.attachment(`trainer-data-${day}.zip`).type('application/zip');
      const zip = new ZipSink(out, slices);
      // One read of the history: its lines go out as read while the fold takes them in, then the CSVs of the fold.
      const fold = userFold(userId, CSV_PROJECTIONS);
      const lines = zip.file('events.jsonl');
      await eachEventOf(deps.events, userId, slices, (event) => fold.apply(event), (page) => lines.write(eventLines(page)));
      await lines.close();
      for (const [name, csv] of exportCsvFiles(fold, userId)) {
        const file = zip.file(name);
        await writeCsv(file, csv);
        await file.close();
      }
      await zip.end();
    });
  });

  // The workouts alone, set by set, as a Strong or a Hevy export: what either app, or this one, imports.
  router.get('/export/workouts', requireUser(deps.tokens), async (req, res) => {
    const format = req.query.format;
    if (format !== 'strong' && format !== 'hevy') throw badRequest('format must be strong or hevy');
    await exporting(res, async (userId, slices) => {
      const profiles = userFold(userId, ['profiles']);
      const workouts = new WorkoutsFold();
      await eachEventOf(deps.events, userId, slices, (event) => {
        profiles.apply(event);
        workouts.add(event);
      });
      const profile = profiles.get<ProfileDoc>('profiles', userId);
      const zone = profile?.time_zone ?? 'UTC';
      const all = workouts.workouts();
      res.attachment(`trainer-workouts-${format}-${deps.now().toISOString().slice(0, 10)}.csv`).type('text/csv');
      await writeCsv(responseSink(res, slices), format === 'strong' ? strongFile(all, zone) : hevyFile(all, zone, profile?.units ?? 'lb'));
    });
  });
  return router;
}
