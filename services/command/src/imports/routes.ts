import { createHash } from 'node:crypto';
import express, { Router, type Response } from 'express';
import { z } from 'zod';
import type { AppEvent } from '../../../../events/catalog.js';
import { startMinute } from '../../../../events/imports.js';
import { importsStream, importStream, userStream, workoutRosterStream } from '../../../../events/streams.js';
import type { ExpectedRevision } from '../../../../events/store/port.js';
import { catalogExercise, exerciseIdentity } from '../../../domain/training/exerciseIdentity.js';
import { currentUser, requireUser, signedInAs, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import type { Config } from '../../../platform/config.js';
import { badRequest, jsonBody, parse } from '../../../platform/http.js';
import { budgetsOf, rateCounter, type CountStore } from '../../../platform/rateLimit.js';
import { Slices } from '../../../platform/turns.js';
import { user } from '../accounts/api.js';
import { commandContext, type CommandDeps } from '../context.js';
import { appendIn, execute, load, newId, type CommandContext } from '../execute.js';
import { noBody, pathId } from '../fields.js';
import { completeImport, earlierImportOf, importBatches, ImportPlanner, NO_SUCH_IMPORT, refuseTooManyExercises, startImport, undoImport, type ImportPlan, type Remap } from './decide.js';
import { importLog, sessionStarts } from './importLog.js';
import { BadFile, parseExport, type Reader } from './parse.js';
import { DATE_ORDERS, type DateOrder, type ImportAnswer, type ImportSummary, type PreviewAnswer } from '../../../../contract/imports/importAnswer.js';
import type { WeightUnit } from '../../../../contract/weightUnits.js';

/** The biggest file taken: 200,000 rows of a Strong export are about 20 MB. */
export const MAX_FILE = '20mb';

/**
 * Each user's imports (and previews) in an hour: a person imports a history once or twice; each file costs reading
 * and checking up to 20 MB. Past the budget, 429 with Retry-After before the body is read.
 */
const importLimits = (config: Config, counts: CountStore) =>
  budgetsOf([
    {
      counter: rateCounter({ points: config.IMPORTS_MAX_PER_HOUR, windowSeconds: 3600, keyPrefix: 'import-hour' }, counts),
      refusal: (wait: string) => `You have sent ${config.IMPORTS_MAX_PER_HOUR} files to import in the last hour. You can send another in ${wait}.`,
    },
  ]);

/**
 * `?remap={"My Bench":"Bench Press (Barbell)","Bicep Curl (Dumbbell)":null}`: names of the file matched by the user to
 * catalog exercises, or (null) kept as the user's own exercise whatever the catalog would match.
 */
const remapQuery = z
  .record(z.string().min(1).max(100), z.string().min(1).max(100).nullable(), { error: 'remap must be an object of file names to catalog exercise names, or to null to keep a name as your own exercise' })
  .refine((m) => Object.keys(m).length <= 500, 'remap names at most 500 exercises');

function remapOf(value: unknown): Remap {
  if (value === undefined) return {};
  if (typeof value !== 'string') throw badRequest('remap must be given once');
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw badRequest('remap must be JSON');
  }
  const remap = parse(remapQuery, json);
  for (const [name, target] of Object.entries(remap)) {
    if (target === null) continue;
    const identity = exerciseIdentity(target);
    if (identity.custom || !catalogExercise(identity.key)) throw badRequest(`remap: "${target}" (for "${name}") is not an exercise of the catalog`);
  }
  return remap;
}

/** `?unit=kg|lb`: the unit of the weights the file gives none for, chosen by the person over the one inferred. */
function unitOf(value: unknown): WeightUnit | undefined {
  if (value === undefined) return undefined;
  if (value !== 'kg' && value !== 'lb') throw badRequest('unit must be kg or lb');
  return value;
}

/** `?dates=dmy|mdy`: the order of day and month the person chose for slashed dates the file leaves open. */
function dateOrderOf(value: unknown): DateOrder | undefined {
  if (value === undefined) return undefined;
  if (!DATE_ORDERS.includes(value as DateOrder)) throw badRequest('dates must be dmy (day first) or mdy (month first)');
  return value as DateOrder;
}

/** Events of an import's stream read at once while its minutes are gathered: a few batches, one short block. */
const BATCHES_PER_READ = 2;
/** Characters of the file hashed at once. */
const HASHED_PER_TURN = 1 << 20;

/** Session starts the user already has, from the log: sessions logged in the app, and the workouts of imports that count. */
async function takenMinutes(ctx: CommandContext, userId: string, live: string[], slices: Slices): Promise<Set<string>> {
  const taken = new Set((await load(ctx.store, workoutRosterStream(userId), sessionStarts)).state.minutes);
  // An import's stream grows with its file: it is read a few batches at a time, from its end.
  for (const importId of live) {
    for (let before: number | undefined; before === undefined || before > 0; ) {
      const page = (await ctx.store.readStreamBackward(importStream(importId), before, BATCHES_PER_READ)) as AppEvent[];
      if (page.length === 0) break;
      for (const event of page) if (event.type === 'WorkoutsImported') for (const w of event.data.workouts) taken.add(startMinute(w.startedAt));
      before = page[page.length - 1]!.revision;
      await slices.yield();
    }
  }
  return taken;
}

/** The file's SHA-256, a slice at a time. */
async function contentHashOf(text: string, slices: Slices): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < text.length; at += HASHED_PER_TURN) {
    hash.update(text.slice(at, at + HASHED_PER_TURN));
    await slices.check();
  }
  return hash.digest('hex');
}

const summaryOf = ({ workouts, ...plan }: ImportPlan): ImportSummary => ({ ...plan, workouts: workouts.length });

/** Workouts from other apps' exports: preview, import and undo. */
export function importRoutes(deps: CommandDeps): Router {
  const router = Router();
  const guard = [...signedInAs(deps.tokens, deps.roleOf, SUBSCRIBER_ROLES, 'Importing workouts needs an active subscription')];
  const limits = importLimits(deps.config, deps.counts);
  const now = () => deps.now().toISOString();

  router.post(
    '/imports',
    ...guard,
    (_req, res, next) => limits.refuseWhenSpent(currentUser(res).id, res).then(() => next(), next),
    express.text({ type: 'text/csv', limit: MAX_FILE }),
    async (req, res) => {
      const userId = currentUser(res).id;
      await limits.spend(userId, res);
      if (typeof req.body !== 'string' || req.body.length === 0) throw badRequest('Send the exported file as the body, with Content-Type: text/csv');
      const dryRun = req.query.dryRun === '1' || req.query.dryRun === 'true';
      const remap = remapOf(req.query.remap);
      const unit = unitOf(req.query.unit);
      const dateOrder = dateOrderOf(req.query.dates);
      const fileName = typeof req.query.name === 'string' ? req.query.name.slice(0, 200) : null;
      const ctx = commandContext(deps, req, res);
      const account = (await load(deps.store, userStream(userId), user)).state;
      const reader: Reader = {
        ...(account.status === 'none' ? { timeZone: 'UTC', units: 'lb' as const } : { timeZone: account.profile.timeZone, units: account.profile.units ?? 'lb' }),
        ...(unit === undefined ? {} : { chosen: unit }),
        ...(dateOrder === undefined ? {} : { dateOrder }),
        now: deps.now().getTime(),
      };
      let file;
      try {
        file = await parseExport(req.body, reader);
      } catch (error) {
        if (error instanceof BadFile) throw badRequest(error.message);
        throw error;
      }
      const slices = new Slices();
      const contentHash = await contentHashOf(req.body, slices);
      const log = (await load(deps.store, importsStream(userId), importLog)).state;
      const live = log.imports.filter((i) => i.status === 'completed').map((i) => i.importId);
      const importId = newId(ctx, 'import');
      const planner = new ImportPlanner({ importId, remap, taken: await takenMinutes(ctx, userId, live, slices) });
      for (const workout of file.workouts) {
        planner.add(workout);
        await slices.check();
      }
      const plan = planner.plan(file);
      if (dryRun) {
        const earlier = earlierImportOf(log, contentHash);
        if (!earlier) refuseTooManyExercises(log, { exercises: plan.exercises, contentHash });
        res.json({ importId: null, dryRun: true, ...summaryOf(plan), duplicateOf: earlier?.importId ?? null } satisfies PreviewAnswer);
        return;
      }
      await execute(ctx, importsStream(userId), importLog, (state) => startImport(state, { userId, importId, plan, contentHash, fileName, now: now() }));
      // Batch by batch, each its own append, with a turn of the event loop between: other requests go on meanwhile.
      let expected: ExpectedRevision = 'no_stream';
      for (const batch of importBatches({ userId, importId, source: plan.source, workouts: plan.workouts })) {
        expected = (await appendIn(ctx, importStream(importId), [batch], expected)).revision;
        await slices.yield();
      }
      const { position } = await execute(ctx, importsStream(userId), importLog, (state) => completeImport(state, { userId, importId, now: now() }));
      res.status(201).json({ importId, ...summaryOf(plan), position } satisfies ImportAnswer);
    },
  );

  // Undo is for everyone with imports, subscribed or not: one who cancelled still takes back what they brought in.
  router.delete('/imports/:importId', requireUser(deps.tokens), jsonBody(), async (req, res: Response) => {
    parse(noBody, req.body ?? {});
    const importId = pathId(req.params.importId, NO_SUCH_IMPORT);
    const userId = currentUser(res).id;
    const { position } = await execute(commandContext(deps, req, res), importsStream(userId), importLog, (state) => undoImport(state, { userId, importId, now: now() }));
    res.json({ message: 'Import undone', importId, position });
  });

  return router;
}
