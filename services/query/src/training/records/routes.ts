import { getRoutes, type GetRoutes } from '../../../../platform/routing.js';
import { type Response } from 'express';
import { currentUser, requireUser, SUBSCRIBER_ROLES } from '../../../../platform/auth.js';
import { notFound } from '../../../../platform/http.js';
import { exerciseIdentity } from '../../../../domain/training/exerciseIdentity.js';
import { AnswerTexts, readAs } from '../../callerDocs.js';
import type { QueryDeps } from '../../context.js';
import { chunksOf } from '../../chunks.js';
import { completedSessions, importedSessionsProjection, type ImportedSessionsDoc } from '../sessions/api.js';
import { recordsAnswer, recentRecords, sessionAnswer } from './answers.js';
import { exerciseHistoryKey, exerciseHistoryProjection, historyKind, historyOf, joinedHistory, withImportedHistory, type ExerciseHistoryDoc } from './exerciseHistory.projection.js';
import { readRecordParts, readRecords } from './read.js';
import { recordsView } from './records.projection.js';
import { exerciseMergesProjection, keysReadAs, mergedHistory, readAsKey, type ExerciseMergesDoc } from './exerciseMerges.projection.js';
import type { ExerciseHistory } from '../../../../../contract/training/recordsAnswer.js';

const NO_HISTORY = 'No sets of that exercise yet';

/** Personal records, each exercise's history, and a session's sets as the tracker shows them. */
export function recordQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  const guard = requireUser(deps.tokens);
  const readAsSubscriber = <T>(res: Response, read: (userId: string) => Promise<T>) => readAs(deps, res, SUBSCRIBER_ROLES, 'Records need an active subscription', read);
  const recordsOf = (res: Response) => readAsSubscriber(res, (userId) => readRecords(deps.readModels, userId));
  /** The user's records with their merges, which the answers read them through. */
  const mergedRecordsOf = (res: Response) =>
    readAsSubscriber(res, (userId) => Promise.all([readRecords(deps.readModels, userId), deps.readModels.get<ExerciseMergesDoc>(exerciseMergesProjection.name, userId)]));

  const records = new AnswerTexts();
  router.get('/records', guard, async (_req, res) => {
    const userId = currentUser(res).id;
    const [parts, merges] = await readAsSubscriber(res, (id) => Promise.all([readRecordParts(deps.readModels, id), deps.readModels.get<ExerciseMergesDoc>(exerciseMergesProjection.name, id)]));
    // Kept by the stored docs themselves: the join is drawn anew only when one of them changed.
    records.send(res, [...parts, merges], '', () => recordsAnswer(recordsView(userId, parts), merges));
  });
  router.get('/records/recent', guard, async (_req, res) => {
    res.json(recentRecords(await recordsOf(res)));
  });
  router.get('/records/sessions/:sessionId', guard, async (req, res) => {
    const [doc, merges] = await mergedRecordsOf(res);
    res.json(sessionAnswer(doc, String(req.params.sessionId), merges));
  });
  // By identity key ("barbell-bench-press") or by any name of it ("Bench Press (Barbell)").
  router.get('/records/:exercise/history', guard, async (req, res) => {
    const userId = currentUser(res).id;
    const asked = String(req.params.exercise);
    const read = async (key: string) => joinedHistory(await deps.readModels.range<ExerciseHistoryDoc>(exerciseHistoryProjection.name, exerciseHistoryKey(userId, key)));
    const [importedDocs, merges] = await readAsSubscriber(res, (id) =>
      Promise.all([deps.readModels.range<ImportedSessionsDoc>(importedSessionsProjection.name, chunksOf(id)), deps.readModels.get<ExerciseMergesDoc>(exerciseMergesProjection.name, id)]),
    );
    const imported = completedSessions(importedDocs);
    const historyOfOneKey = async (key: string) => withImportedHistory(await read(key), userId, key, imported);
    // Read through the merges: a merged exercise's history is the one it is merged into, with every key merged there.
    const historyOfKey = async (named: string) => {
      const key = readAsKey(merges, named);
      return mergedHistory(key, await Promise.all(keysReadAs(merges, key).map(historyOfOneKey)));
    };
    // A key never holds '/', so a name with one cannot reach into another exercise's months.
    const doc = (asked.includes('/') ? undefined : await historyOfKey(asked)) ?? (await historyOfKey(exerciseIdentity(asked).key));
    if (!doc) throw notFound(NO_HISTORY);
    const answer: ExerciseHistory = { exercise: doc.exercise, name: doc.name, kind: historyKind(doc), sessions: historyOf(doc) };
    res.json(answer);
  });
  return router;
}
