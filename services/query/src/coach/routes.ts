import { getRoutes, type GetRoutes } from '../../../platform/routing.js';
import type { EventLog, RecordedEvent } from '../../../../events/store/port.js';
import { chatStream } from '../../../../events/streams.js';
import { currentUser, requireUser } from '../../../platform/auth.js';
import { badRequest } from '../../../platform/http.js';
import type { QueryDeps } from '../context.js';
import type { ChatExchange, ChatHistoryAnswer } from '../../../../contract/coach/historyAnswer.js';

const PAGE = 20;
const MAX_PAGE = 50;
/** Events per exchange a read expects (asked, answered and a plan or two): sizes each backward read of the log. */
const EVENTS_PER_EXCHANGE = 3;

/** The current conversation's exchanges among these events (oldest first): what was asked, the answer (or that it failed), the plans. */
export function exchangesOf(events: RecordedEvent[]): ChatExchange[] {
  const start = events.findLastIndex((e) => e.type === 'ChatConversationStarted');
  const byId = new Map<string, ChatExchange>();
  for (const event of events.slice(start + 1)) {
    const data = event.data as { exchangeId: string; message?: string; plan?: unknown };
    if (event.type === 'ChatQuestionAsked') {
      byId.set(data.exchangeId, { exchangeId: data.exchangeId, position: event.position, revision: event.revision, askedAt: event.metadata.at, question: data.message!, answer: null, failed: false, planData: [] });
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
 * The last `limit` exchanges of the current conversation asked before revision `before`, read from the end of the
 * stream backwards a slice at a time: a page costs about its own events, however long the chat is. It reads until it
 * has one question more than the page (so it knows whether older ones exist), the conversation's start, or the
 * stream's first event. An exchange's answer and plans come after its question, so they are in what was read.
 */
async function pageOf(events: EventLog, stream: string, before: number | undefined, limit: number): Promise<ChatHistoryAnswer> {
  const read: RecordedEvent[] = [];
  let questions = 0;
  let from = before;
  for (;;) {
    const slice = await events.readStreamBackward(stream, from, (limit + 1) * EVENTS_PER_EXCHANGE);
    let started = false;
    for (const event of slice) {
      if (event.type === 'ChatConversationStarted') {
        started = true;
        break;
      }
      read.unshift(event);
      if (event.type === 'ChatQuestionAsked') questions += 1;
      if (questions > limit) break;
    }
    if (started || questions > limit || slice.length === 0 || slice.at(-1)!.revision === 0) break;
    from = slice.at(-1)!.revision;
  }
  const all = exchangesOf(read);
  const page = all.slice(-limit);
  return { exchanges: page, olderBefore: all.length > page.length ? page[0]!.revision : null };
}

/**
 * GET /api/chat/history?before=&limit=: the caller's current conversation from the log, a page of exchanges newest
 * last; `before` (an exchange's `revision`, as `olderBefore` gives it) pages back to older ones. Only the caller's own
 * stream is read.
 */
export function chatQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  router.get('/chat/history', requireUser(deps.tokens), async (req, res) => {
    const limit = req.query.limit === undefined ? PAGE : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw badRequest(`limit must be a whole number from 1 to ${MAX_PAGE}`);
    const before = req.query.before === undefined ? undefined : Number(req.query.before);
    if (before !== undefined && (!Number.isInteger(before) || before < 1)) throw badRequest('before must be the revision of an exchange (olderBefore)');
    const answer = await pageOf(deps.events, chatStream(currentUser(res).id), before, limit);
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer satisfies ChatHistoryAnswer);
  });
  return router;
}
