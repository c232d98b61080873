import { expect } from 'chai';
import { unzipSync, strFromU8 } from 'fflate';
import type { RecordedEvent } from '../../events/store/port.js';
import { foldUser, userFactsFrom } from '../../services/query/src/imports/export/userHistory.js';
import { progressOverview } from '../../services/query/src/progress/overview.js';
import { decodeToken, grantRole, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { subscriberClient } from '../dashboard/client.js';
import { samplePlan } from '../workouts/plan.js';

const day = (date: string) => `${date}T15:00:00Z`; // 10:00 in New York

describe('time travel and export of one user\'s own history', () => {
  let server: TestServer;
  beforeEach(async () => (server = await startTestServer()));
  afterEach(async () => server.stop());

  /** A subscriber who weighs in at 180 on 2 Nov, trains on 4 Nov and weighs in at 176 on 6 Nov. */
  async function subscriberWithHistory() {
    server.clock.set(day('2026-11-02'));
    const user = await signUpSubscriber(server, { weight: 180, targetWeight: 160, timeZone: 'America/New_York' });
    const client = subscriberClient(server, user.token);
    client.seen(user.position);
    const profile = (weight: number) => client.send('PUT', '/api/profile', { name: 'Pat', age: 40, gender: 'Female', height: 64, weight, targetWeight: 160 });
    const { regimenId } = await client.send('POST', '/api/savePlan', samplePlan());
    server.clock.set(day('2026-11-04'));
    const { sessionId } = await client.send('POST', '/api/dashboard/start-workout', { regimenId });
    server.clock.advance(30 * 60_000);
    await client.logExercise(sessionId, regimenId);
    await client.send('POST', `/api/workouts/${sessionId}/stop`);
    // Late on the 6th in New York, already the 7th in UTC: it counts for the 6th, the user's day.
    server.clock.set('2026-11-07T03:00:00Z');
    await profile(176);
    server.clock.set(day('2026-11-09'));
    return { ...user, client };
  }

  it('answers as of the end of a past day: before a change the old values, after it the new', async () => {
    const { client } = await subscriberWithHistory();
    const before = await client.read('/api/progress/overview?asOf=2026-11-05');
    expect(before.weight.current).to.equal(180);
    expect(before.weight.history).to.deep.equal([{ date: '2026-11-02', weight_lb: 180 }]);
    expect(before.workouts.completed).to.equal(1);
    const after = await client.read('/api/progress/overview?asOf=2026-11-06');
    expect(after.weight.current).to.equal(176);
    expect(after.weight.history).to.deep.equal([
      { date: '2026-11-02', weight_lb: 180 },
      { date: '2026-11-06', weight_lb: 176 },
    ]);
    const beforeWorkout = await client.read('/api/dashboard/summary?asOf=2026-11-03');
    expect(beforeWorkout.weekly).to.deep.include({ workoutsDone: 0, totalMinutes: 0 });
    expect(beforeWorkout.snapshot.weightLb).to.equal(180);
    const dayOfWorkout = await client.read('/api/dashboard/summary?asOf=2026-11-04');
    expect(dayOfWorkout.weekly).to.deep.include({ workoutsDone: 1, totalMinutes: 30 });
    expect(dayOfWorkout.workout.todayDone).to.equal(true);
    // Today as the asOf day answers as now does
    expect(await client.read('/api/progress/overview?asOf=2026-11-09')).to.deep.equal(await client.overview());
  });

  it('refuses an asOf in the future, malformed, or before the account existed, with 400', async () => {
    const { token } = await subscriberWithHistory();
    for (const [query, message] of [
      ['asOf=2026-11-10', 'asOf must not be in the future'],
      ['asOf=09-11-2026', 'asOf must be a date YYYY-MM-DD'],
      ['asOf=2026-11-31', 'asOf must be a date YYYY-MM-DD'],
      ['asOf=2026-10-01', 'asOf is before this account existed'],
    ]) {
      for (const path of ['/api/progress/overview', '/api/dashboard/summary']) {
        const answer = await server.call('GET', `${path}?${query}`, { token });
        expect(answer.status, `${path}?${query}`).to.equal(400);
        expect(answer.body.message).to.equal(message);
      }
    }
  });

  it('exports the caller\'s events and CSVs, and the exported events replay into the same progress overview', async () => {
    const { token, client } = await subscriberWithHistory();
    const userId = decodeToken(token).sub as string;
    const overview = await client.overview();
    const res = await fetch(`${server.url}/api/export`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/zip');
    expect(res.headers.get('content-disposition')).to.equal('attachment; filename=trainer-data-2026-11-09.zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).to.deep.equal(['events.jsonl', 'meals.csv', 'measurements.csv', 'sets.csv', 'workouts.csv']);
    const events = strFromU8(files['events.jsonl']!).trim().split('\n').map((line) => JSON.parse(line) as RecordedEvent);
    expect(events.every((e) => (e.data as { userId: string }).userId === userId)).to.equal(true);
    expect(JSON.stringify(events)).not.to.include('scrypt$');
    // Replayed through the projections, the export answers the same overview the server gave
    const replayed = userFactsFrom(foldUser(userId, events), userId)!;
    expect(progressOverview(replayed, server.clock.now())).to.deep.equal(overview);
    expect(strFromU8(files['measurements.csv']!)).to.equal(
      'measured_at,weight_lb,body_fat_percentage,muscle_percentage\r\n2026-11-02T15:00:00.000Z,180,,\r\n2026-11-07T03:00:00.000Z,176,,\r\n',
    );
    const workouts = strFromU8(files['workouts.csv']!).trim().split('\r\n');
    expect(workouts).to.have.length(2);
    expect(workouts[1]).to.match(/,1,plans,2026-11-04T15:00:00.000Z,2026-11-04T15:30:00.000Z,Ended,1800,30,stopped$/);

    const lines = await server.call('GET', '/api/export?format=jsonl', { token });
    expect(lines.status).to.equal(200);
    expect(lines.headers.get('content-type')).to.equal('application/x-ndjson; charset=utf-8');
    expect(lines.text).to.equal(strFromU8(files['events.jsonl']!));
  });

  it('exports nobody else\'s data: another user and staff each get only their own', async () => {
    const { token } = await subscriberWithHistory();
    const subscriberId = decodeToken(token).sub as string;
    const other = await signUpVerifiedUser(server);
    const staff = await signUpVerifiedUser(server);
    await grantRole(server, staff.token, 2);
    for (const who of [other, staff]) {
      const answer = await server.call('GET', `/api/export?format=jsonl&userId=${subscriberId}`, { token: who.token });
      expect(answer.status).to.equal(200);
      expect(answer.text).not.to.include(subscriberId);
      expect(answer.text).to.include(decodeToken(who.token).sub);
    }
    expect((await server.call('GET', '/api/export')).status).to.equal(401);
    expect((await server.call('GET', '/api/export?format=pdf', { token })).body).to.deep.equal({ message: 'format must be zip or jsonl' });
  });
});
