import { Router } from 'express';
import type { RecordedEvent } from '../../../../events/store/port.js';
import { chatStream } from '../../../../events/streams.js';
import { currentUser, requireUser } from '../../../platform/auth.js';
import { badRequest } from '../../../platform/http.js';
import type { QueryDeps } from '../context.js';
import type { ChatExchange, ChatHistoryAnswer } from './historyAnswer.js';

const PAGE = 20;
const MAX_PAGE = 50;

/** The current conversation's exchanges, oldest first: what was asked, the answer (or that it failed), the plans. */
export function exchangesOf(events: RecordedEvent[]): ChatExchange[] {
  const start = events.findLastIndex((e) => e.type === 'ChatConversationStarted');
  const byId = new Map<string, ChatExchange>();
  for (const event of events.slice(start + 1)) {
    const data = event.data as { exchangeId: string; message?: string; plan?: unknown };
    if (event.type === 'ChatQuestionAsked') {
      byId.set(data.exchangeId, { exchangeId: data.exchangeId, position: event.position, askedAt: event.metadata.at, question: data.message!, answer: null, failed: false, planData: [] });
      continue;
    }
    const exchange = byId.get(data.exchangeId);
    if (!exchange) continue;
    if (event.type === 'ChatAnswerGiven') exchange.answer = data.message!;
    if (event.type === 'ChatAnswerFailed') exchange.failed = true;
    if (event.type === 'ChatPlanOffered') exchange.planData.push(data.plan as ChatExchange['planData'][number]);
  }
  return [...byId.values()];
}

/**
 * GET /api/chat/history?before=&limit=: the caller's current conversation from the log, a page of exchanges newest
 * last; `before` (an exchange's `position`) pages back to older ones. Only the caller's own stream is read.
 */
export function chatQueries(deps: QueryDeps): Router {
  const router = Router();
  router.get('/chat/history', requireUser(deps.tokens), async (req, res) => {
    const limit = req.query.limit === undefined ? PAGE : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw badRequest(`limit must be a whole number from 1 to ${MAX_PAGE}`);
    const before = req.query.before === undefined ? Infinity : Number(req.query.before);
    if (before !== Infinity && (!Number.isInteger(before) || before < 1)) throw badRequest('before must be the position of an exchange');
    const all = exchangesOf(await deps.events.readStream(chatStream(currentUser(res).id))).filter((x) => x.position < before);
    const page = all.slice(-limit);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ exchanges: page, olderBefore: all.length > page.length ? page[0]!.position : null } satisfies ChatHistoryAnswer);
  });
  return router;
}
