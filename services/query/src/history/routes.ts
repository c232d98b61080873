import { Router } from 'express';
import { currentUser, requireUser } from '../../../platform/auth.js';
import { badRequest } from '../../../platform/http.js';
import type { QueryDeps } from '../context.js';
import type { ProfileDoc } from '../profile/api.js';
import { eventLines, exportZip } from './export.js';
import { foldUser } from './userHistory.js';
import { hevyCsv, strongCsv, workoutsOf } from './workoutCsv.js';

/**
 * GET /api/export: the caller's own history, and only theirs (there is no parameter naming a user, so neither
 * another user nor staff can fetch someone else's). `?format=jsonl` gives the events alone; the default is a zip of
 * events.jsonl plus measurements.csv, workouts.csv, sets.csv and meals.csv; `?format=strong` and `?format=hevy` the
 * workouts as a Strong or Hevy export (set by set), which either app, or this one, can import.
 */
export function exportQueries(deps: QueryDeps): Router {
  const router = Router();
  router.get('/export', requireUser(deps.tokens), async (req, res) => {
    const format = req.query.format ?? 'zip';
    if (format !== 'zip' && format !== 'jsonl' && format !== 'strong' && format !== 'hevy') throw badRequest('format must be zip, jsonl, strong or hevy');
    const userId = currentUser(res).id;
    const events = await deps.events.readUser(userId);
    const day = deps.now().toISOString().slice(0, 10);
    res.setHeader('Cache-Control', 'no-store');
    if (format === 'jsonl') {
      res.attachment(`trainer-events-${day}.jsonl`).type('application/x-ndjson').send(eventLines(events));
      return;
    }
    if (format === 'strong' || format === 'hevy') {
      const profile = foldUser(userId, events).get<ProfileDoc>('profiles', userId);
      const workouts = workoutsOf(events);
      const zone = profile?.time_zone ?? 'UTC';
      const text = format === 'strong' ? strongCsv(workouts, zone) : hevyCsv(workouts, zone, profile?.units ?? 'lb');
      res.attachment(`trainer-workouts-${format}-${day}.csv`).type('text/csv').send(text);
      return;
    }
    res.attachment(`trainer-data-${day}.zip`).type('application/zip').send(Buffer.from(exportZip(userId, events)));
  });
  return router;
}
