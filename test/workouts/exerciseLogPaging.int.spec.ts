import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { subscriber, type Client } from './client.js';

const DAY = 86_400_000;

describe('workouts: the Exercise Log a page at a time', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  /** A session started now, with a set, ended ten minutes later: its id. */
  async function workout(client: Client, regimenId: string): Promise<string> {
    const { sessionId } = await client.send('POST', '/api/workout-session/start', { regimenId });
    await client.send('POST', '/api/workout-session/log-set', { sessionId, exercise: 'Squat', weightLb: 100, reps: 5 });
    server.clock.advance(10 * 60_000);
    await client.send('PUT', '/api/workout-session/end', { sessionId, totalDuration: 10, completedExercises: [] });
    return sessionId;
  }

  const nextOf = (res: { headers: Headers }) => {
    const link = res.headers.get('link');
    return link === null ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)![1]!;
  };

  it('walks every session once, newest first, by the next links, while sets are logged and sessions end between pages', async () => {
    const ann = await subscriber(server);
    const regimenId = await ann.savePlan();
    // Given seven workouts over a few weeks, across a month's end
    const done: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      done.unshift(await workout(ann, regimenId));
      server.clock.advance(5 * DAY);
    }
    // and one session open while the first page is read
    const { sessionId: open } = await ann.send('POST', '/api/workout-session/start', { regimenId });

    const first = await ann.get('/api/exercise-logs?limit=3');
    expect(first.status).to.equal(200);
    expect(first.body.map((s: { session_id: string }) => s.session_id)).to.deep.equal(done.slice(0, 3));
    const seen: string[] = first.body.map((s: { session_id: string }) => s.session_id);
    let next = nextOf(first);
    expect(next).to.match(/^\/api\/exercise-logs\?limit=3&before=[A-Za-z0-9_-]+$/);
    // When, between the pages, the open session gets a set and ends, and another whole workout is logged
    await ann.send('POST', '/api/workout-session/log-set', { sessionId: open, exercise: 'Squat', weightLb: 105, reps: 5 });
    server.clock.advance(60_000);
    await ann.send('PUT', '/api/workout-session/end', { sessionId: open, totalDuration: 1, completedExercises: [] });
    server.clock.advance(DAY);
    const later = await workout(ann, regimenId);
    while (next) {
      const page = await ann.get(next);
      expect(page.status).to.equal(200);
      seen.push(...page.body.map((s: { session_id: string }) => s.session_id));
      next = nextOf(page);
    }
    // Then every session of the walk's start is read once, in order; the newer ones are on a first page read again
    expect(seen).to.deep.equal(done);
    const again = await ann.get('/api/exercise-logs');
    expect(again.headers.get('link')).to.equal(null);
    expect(again.body.map((s: { session_id: string }) => s.session_id)).to.deep.equal([later, open, ...done]);
    expect(again.body[1].exercises).to.have.length(1);
  });

  it('sends a page read again while nothing was stored as the same bytes, and a set logged since on the next read', async () => {
    const mia = await subscriber(server);
    const regimenId = await mia.savePlan();
    // Given a workout done and one session open with a set
    await workout(mia, regimenId);
    const { sessionId } = await mia.send('POST', '/api/workout-session/start', { regimenId });
    await mia.send('POST', '/api/workout-session/log-set', { sessionId, exercise: 'Squat', weightLb: 100, reps: 5 });
    server.clock.advance(60_000);
    await mia.send('PUT', '/api/workout-session/end', { sessionId, totalDuration: 1, completedExercises: [] });

    // When the first page is read twice, then once more after a set is added to a new session that ends
    const first = await mia.get('/api/exercise-logs');
    const again = await mia.get('/api/exercise-logs');
    const later = await workout(mia, regimenId);
    const after = await mia.get('/api/exercise-logs');

    // Then the two reads are alike, and the read after the write has the new session first
    expect(JSON.stringify(again.body)).to.equal(JSON.stringify(first.body));
    expect(first.body.map((s: { session_id: string }) => s.session_id)[0]).to.equal(sessionId);
    expect(after.body.map((s: { session_id: string }) => s.session_id)).to.deep.equal([later, ...first.body.map((s: { session_id: string }) => s.session_id)]);
  });

  it('answers the first 20 without a query, and a next link only when there are more', async () => {
    const kai = await subscriber(server);
    const regimenId = await kai.savePlan();
    for (let i = 0; i < 21; i += 1) {
      await workout(kai, regimenId);
      server.clock.advance(DAY);
    }
    const first = await kai.get('/api/exercise-logs');
    expect(first.body).to.have.length(20);
    const rest = await kai.get(nextOf(first)!);
    expect(nextOf(first)).to.match(/limit=20&/);
    expect(rest.body).to.have.length(1);
    expect(rest.headers.get('link')).to.equal(null);
  });

  it('refuses a bad limit or cursor with a 400 naming it; a cursor of another user reads only the caller', async () => {
    const lee = await subscriber(server);
    const regimenId = await lee.savePlan();
    await workout(lee, regimenId);
    server.clock.advance(DAY);
    const leeLast = await workout(lee, regimenId);
    for (const [query, message] of [
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['limit=2.5', 'limit must be a whole number'],
      ['limit=ten', 'limit must be a whole number'],
      ['before=not%20a%20cursor', 'before must be the cursor of a next link'],
      [`before=${Buffer.from('yesterday|s1').toString('base64url')}`, 'before must be the cursor of a next link'],
      [`before=${Buffer.from('2026-01-01T00:00:00.000Z').toString('base64url')}`, 'before must be the cursor of a next link'],
    ]) {
      const res = await lee.get(`/api/exercise-logs?${query}`);
      expect(res.status, query).to.equal(400);
      expect(res.body.message, query).to.include(message);
    }
    const leePage = await lee.get('/api/exercise-logs?limit=1');
    expect(leePage.body.map((s: { session_id: string }) => s.session_id)).to.deep.equal([leeLast]);
    const cursor = nextOf(leePage)!;

    // Bob, with nothing logged, following Lee's link reads only his own (nothing).
    const bob = await subscriber(server);
    const res = await bob.get(cursor);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal([]);
    expect(res.headers.get('link')).to.equal(null);
  });
});
