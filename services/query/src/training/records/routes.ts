import { Router, type Response } from 'express';
import { currentUser, requireUser, SUBSCRIBER_ROLES } from '../../../../platform/auth.js';
import { notFound } from '../../../../platform/http.js';
import { exerciseIdentity } from '../../../../domain/training/exerciseIdentity.js';
import { AnswerTexts, readAs } from '../../callerDocs.js';
import type { QueryDeps } from '../../context.js';
import { chunksOf } from '../../chunks.js';
import { completedSessions, importedSessionsProjection, type ImportedSessionsDoc } from '../sessions/api.js';
import { recordsAnswer, recentRecords, sessionAnswer } from './answers.js';
import { exerciseHistoryKey, exerciseHistoryProjection, historyOf, joinedHistory, withImportedHistory, type ExerciseHistoryDoc } from './exerciseHistory.projection.js';
import { recordsProjection, type RecordsDoc } from './records.projection.js';
import type { ExerciseHistory } from '../../../../../contract/training/recordsAnswer.js';

const NO_HISTORY = 'No sets of that exercise yet';

/** Personal records, each exercise's history, and a session's sets as the tracker shows them. */
export function recordQueries(deps: QueryDeps): Router {
  const router = Router();
  const guard = requireUser(deps.tokens);
  const readAsSubscriber = <T>(res: Response, read: (userId: string) => Promise<T>) => readAs(deps, res, SUBSCRIBER_ROLES, 'Records need an active subscription', read);
  const recordsOf = (res: Response) => readAsSubscriber(res, (userId) => deps.readModels.get<RecordsDoc>(recordsProjection.name, userId));

  const records = new AnswerTexts();
  router.get('/records', guard, async (_req, res) => {
    const doc = await recordsOf(res);
    records.send(res, [doc], '', () => recordsAnswer(doc));
  });
  router.get('/records/recent', guard, async (_req, res) => {
    res.json(recentRecords(await recordsOf(res)));
  });
  router.get('/records/sessions/:sessionId', guard, async (req, res) => {
    res.json(sessionAnswer(await recordsOf(res), String(req.params.sessionId)));
  });
  // By identity key ("barbell-bench-press") or by any name of it ("Bench Press (Barbell)").
  router.get('/records/:exercise/history', guard, async (req, res) => {
    const userId = currentUser(res).id;
    const asked = String(req.params.exercise);
    const read = async (key: string) => joinedHistory(await deps.readModels.range<ExerciseHistoryDoc>(exerciseHistoryProjection.name, exerciseHistoryKey(userId, key)));
    const imported = completedSessions(await readAsSubscriber(res, (id) => deps.readModels.range<ImportedSessionsDoc>(importedSessionsProjection.name, chunksOf(id))));
    const historyOfKey = async (key: string) => withImportedHistory(await read(key), userId, key, imported);
    // A key never holds '/', so a name with one cannot reach into another exercise's months.
    const doc = (asked.includes('/') ? undefined : await historyOfKey(asked)) ?? (await historyOfKey(exerciseIdentity(asked).key));
    if (!doc) throw notFound(NO_HISTORY);
    const answer: ExerciseHistory = { exercise: doc.exercise, name: doc.name, sessions: historyOf(doc) };
    res.json(answer);
  });
  return router;
}
