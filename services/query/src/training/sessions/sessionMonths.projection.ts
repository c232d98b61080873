import type { AppEvent } from '../../../../../events/catalog.js';
import { instantOf } from '../../../../../events/session.js';
import { monthKey } from '../../chunks.js';
import { erasesAccount, type Projection } from '../../projection.js';
import { applyToSession, SESSION_EVENTS, startedSession, type SessionDoc, type SessionFact } from './sessionDoc.js';

/** The key of a session's part of a month: its month's key, then the session. */
export const sessionPartKey = (userId: string, instant: string, sessionId: string) => `${monthKey(userId, instant)}/${sessionId}`;

/**
 * What one UTC month of a user's events made of one session: the session, if it started in that month, folded as far as
 * the month's own events take it; or, for a session started in an earlier month (one over a month's end, or one left
 * open), the month's events of it, applied onto it at read (`joinMonths`).
 */
export interface SessionMonthDoc {
  user_id: string;
  /** 'YYYY-MM'. */
  month: string;
  /** The session started in this month (none, or one). */
  sessions: SessionDoc[];
  /** Events of this month of a session not started in it, in log order. */
  continued: SessionFact[];
}

/** The month ('YYYY-MM') of a session event: the UTC month of the instant it records. */
const monthOf = (event: AppEvent) => (instantOf(event) ?? '').slice(0, 7);

/**
 * A user's sessions by the month of each event and then by session (`<userId>/<YYYY-MM>/<sessionId>`): a logged set
 * rewrites only its session's part of its month, however many sessions the month already holds and however long the
 * person has trained, and a screen reads only the months it shows, newest first in key order
 * (docs/adr/0036-session-history-is-kept-by-month.md, docs/adr/0418-a-set-rewrites-its-sessions-doc-not-its-months.md).
 * The key comes from the event alone, so a session over a month's end has a part in each month; `joinMonths` joins
 * them by session id.
 */
export const sessionMonthsProjection: Projection<SessionMonthDoc> = {
  name: 'sessionMonths',
  // Keyed by month and session, where a month's sessions were one doc.
  version: 2,
  handles: [...SESSION_EVENTS, 'AccountDeleted'],
  erases: erasesAccount,
  key: (event) => sessionPartKey((event.data as { userId: string }).userId, instantOf(event) ?? '', (event.data as { sessionId: string }).sessionId),
  evolve(doc, event: AppEvent) {
    if (event.type === 'AccountDeleted') return undefined;
    if (!(SESSION_EVENTS as readonly string[]).includes(event.type)) return doc;
    const fact = { type: event.type, data: event.data } as SessionFact;
    const current = doc ?? { user_id: (event.data as { userId: string }).userId, month: monthOf(event), sessions: [], continued: [] };
    if (fact.type === 'WorkoutSessionStarted') {
      if (current.sessions.some((s) => s.session_id === fact.data.sessionId)) return current;
      return { ...current, sessions: [...current.sessions, startedSession(fact.data)] };
    }
    const { sessionId } = fact.data;
    if (current.sessions.some((s) => s.session_id === sessionId)) {
      return { ...current, sessions: current.sessions.map((s) => (s.session_id === sessionId ? applyToSession(s, fact) : s)) };
    }
    return { ...current, continued: [...current.continued, fact] };
  },
};

/**
 * The sessions of a run of month docs, each session once, its parts joined: its start's month's doc, then the events
 * of later months in month order. Sessions whose start is in none of `docs` are left out (their start is in an
 * earlier month not read); `docs` in any order.
 */
export function joinMonths(docs: readonly SessionMonthDoc[]): SessionDoc[] {
  const sessions = new Map<string, SessionDoc>();
  for (const doc of [...docs].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0))) {
    for (const s of doc.sessions) sessions.set(s.session_id, s);
    for (const fact of doc.continued) {
      const s = sessions.get(fact.data.sessionId);
      if (s) sessions.set(s.session_id, applyToSession(s, fact));
    }
  }
  return [...sessions.values()];
}
