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
 * events.jsonl plus measurements.csv, workouts.csv, sets.csv and meals.csv. GET /api/export/workouts?format=strong|hevy:
 * the workouts as a Strong or Hevy export.
 */
export function exportQueries(deps: QueryDeps): Router {
  const router = Router();
  router.get('/export', requireUser(deps.tokens), async (req, res) => {
    const format = req.query.format ?? 'zip';
    if (format !== 'zip' && format !== 'jsonl') throw badRequest('format must be zip or jsonl');
    const userId = currentUser(res).id;
    const events = await deps.events.readUser(userId);
    const day = deps.now().toISOString().slice(0, 10);
    res.setHeader('Cache-Control', 'no-store');
    if (format === 'jsonl') {
      res.attachment(`trainer-events-${day}.jsonl`).type('application/x-ndjson').send(eventLines(events));
      return;
    }
    res.attachment(`trainer-data-${day}.zip`).type('application/zip').send(Buffer.from(exportZip(userId, events)));
  });
  // The workouts alone, set by set, as a Strong or a Hevy export: what either app, or this one, imports.
  router.get('/export/workouts', requireUser(deps.tokens), async (req, res) => {
    const format = req.query.format;
    if (format !== 'strong' && format !== 'hevy') throw badRequest('format must be strong or hevy');
    const userId = currentUser(res).id;
    const events = await deps.events.readUser(userId);
    const profile = foldUser(userId, events).get<ProfileDoc>('profiles', userId);
    const workouts = workoutsOf(events);
    const zone = profile?.time_zone ?? 'UTC';
    const text = format === 'strong' ? strongCsv(workouts, zone) : hevyCsv(workouts, zone, profile?.units ?? 'lb');
    res.setHeader('Cache-Control', 'no-store');
    res.attachment(`trainer-workouts-${format}-${deps.now().toISOString().slice(0, 10)}.csv`).type('text/csv').send(text);
  });
  return router;
}
