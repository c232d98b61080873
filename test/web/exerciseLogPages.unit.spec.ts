import { expect } from 'chai';
import { nextPageOf } from '../../web/src/shared/api/http';
import { api } from '../../web/src/shared/api/api';
import { store } from '../../web/src/shared/store/store';
import type { ExerciseLogPage, ExerciseLogSession } from '../../web/src/features/training/tracker/trackerApi';
// Its endpoints join the api when it loads.
import '../../web/src/features/training/tracker/trackerApi';

describe('the next page an answer names in its Link header', () => {
  it('is the rel="next" address under /api, without /api, its cursor as it came', () => {
    expect(nextPageOf('</api/exercise-logs?limit=20&before=abc%3D%3D>; rel="next"')).to.equal('/exercise-logs?limit=20&before=abc%3D%3D');
    expect(nextPageOf('<https://app.example/api/exercise-logs?before=x>; rel=next')).to.equal('/exercise-logs?before=x');
    expect(nextPageOf('</api/exercise-logs?before=z>; rel="prev", </api/exercise-logs?before=y>; title="older"; rel="next"')).to.equal('/exercise-logs?before=y');
  });

  it('is none on the last page: no header, no rel="next", or an address outside the api', () => {
    expect(nextPageOf(null)).to.equal(null);
    expect(nextPageOf(undefined)).to.equal(null);
    expect(nextPageOf('</api/exercise-logs?before=z>; rel="prev"')).to.equal(null);
    expect(nextPageOf('<https://elsewhere.example/feed?before=x>; rel="next"')).to.equal(null);
  });
});

/**
 * The Exercise Log endpoint itself, in the app's store, against a stand-in server: `fetch` answers three pages
 * linked by their Link headers (no signed-in user, so the offline layer keeps nothing).
 */
describe('the Exercise Log read page by page', () => {
  type Endpoint = {
    initiate: (arg: undefined, options?: { direction: 'forward' }) => Parameters<typeof store.dispatch>[0];
    select: (arg: undefined) => (state: unknown) => { data?: { pages: ExerciseLogPage[] }; hasNextPage: boolean };
  };
  const endpoint = () => (api.endpoints as unknown as Record<string, Endpoint>).exerciseLogs!;
  const session = (n: number): ExerciseLogSession =>
    ({ session_id: `s${n}`, start_time: new Date(Date.UTC(2026, 0, 1) - n * 86_400_000).toISOString(), end_time: null, total_duration_minutes: 30, exercises: [] }) as unknown as ExerciseLogSession;
  // Three pages, newest first: s0..s1 | s2..s3 | s4; the log then gains s-1 (newer than all).
  let newest = 0;
  const pageAt = (before: number | null) => {
    const start = before ?? newest;
    const ids = [start, start + 1].filter((n) => n <= 4);
    const next = ids.at(-1)! < 4 ? `</api/exercise-logs?limit=2&before=${ids.at(-1)! + 1}>; rel="next"` : null;
    return { sessions: ids.map(session), next };
  };
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;

  before(() => {
    // The app asks for addresses on its own origin: the stand-in origin makes them whole, as a browser does.
    globalThis.Request = class extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init);
      }
    };
    globalThis.fetch = async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.pathname + url.search);
      const before = url.searchParams.get('before');
      const { sessions, next } = pageAt(before === null ? null : Number(before));
      return new Response(JSON.stringify(sessions), { headers: { 'content-type': 'application/json', ...(next ? { link: next } : {}) } });
    };
  });
  after(() => {
    globalThis.fetch = realFetch;
    globalThis.Request = RealRequest;
  });

  const shown = () => endpoint().select(undefined)(store.getState());
  const ids = () => (shown().data?.pages ?? []).flatMap((p) => p.sessions.map((s) => s.session_id));
  const pending = () => Object.values((store.getState() as { api: { queries: Record<string, { status: string }> } }).api.queries).some((q) => q.status === 'pending');
  /** Until no read is under way (one a tag started begins on the next turn). */
  const settled = async () => {
    do await new Promise((r) => setTimeout(r, 5));
    while (pending());
  };

  it('reads the first page, then each page the one before names, until a page names none; a change to the log reads the first page alone again', async () => {
    const subscription = store.dispatch(endpoint().initiate(undefined)) as unknown as { unsubscribe(): void };
    await settled();
    expect(asked).to.deep.equal(['/api/exercise-logs']);
    expect(ids()).to.deep.equal(['s0', 's1']);
    expect(shown().hasNextPage).to.equal(true);

    store.dispatch(endpoint().initiate(undefined, { direction: 'forward' }));
    await settled();
    store.dispatch(endpoint().initiate(undefined, { direction: 'forward' }));
    await settled();
    expect(asked.slice(1)).to.deep.equal(['/api/exercise-logs?limit=2&before=2', '/api/exercise-logs?limit=2&before=4']);
    expect(ids()).to.deep.equal(['s0', 's1', 's2', 's3', 's4']);
    expect(shown().hasNextPage, 'the last page names no next one').to.equal(false);

    // A session ended (or an import): the log is read from its newest page again, the older pages left to the scroll.
    newest = -1;
    asked.length = 0;
    store.dispatch(api.util.invalidateTags(['ExerciseLogs']));
    await settled();
    expect(asked).to.deep.equal(['/api/exercise-logs']);
    expect(ids()).to.deep.equal(['s-1', 's0']);
    expect(shown().hasNextPage).to.equal(true);
    subscription.unsubscribe();
  });
});
