import { expect } from 'chai';
import { signUpStaff, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { replayAnalytics } from '../../services/query/src/analytics/replay.js';
import { computeSeries } from '../../services/query/src/analytics/series.js';
import { hevy } from '../imports/files.js';

describe('GET /api/analytics/<series>', () => {
  let server: TestServer;
  beforeEach(async () => (server = await startTestServer()));
  afterEach(async () => server.stop());

  const staffToken = async () => {
    const { token, position } = await signUpStaff(server);
    return { token, position };
  };

  it('answers staff with the series over the range asked, kept live by the projector', async () => {
    // Given two sign-ups on 18 November (one of them staff) and one on the 19th
    server.clock.set('2026-11-18T15:00:00Z');
    const staff = await staffToken();
    await signUpSubscriber(server);
    server.clock.set('2026-11-19T15:00:00Z');
    const last = await signUpVerifiedUser(server);
    // When staff asks for sign-ups per day from the 17th to the 19th
    const answer = await server.call('GET', '/api/analytics/signups?from=2026-11-17&to=2026-11-19', {
      token: staff.token,
      headers: { 'X-Min-Position': String(Math.max(staff.position, last.position)) },
    });
    // Then every day of the range is there, with its count
    expect(answer.status).to.equal(200);
    expect(answer.body).to.deep.equal({
      name: 'signups',
      title: 'Sign-ups per day',
      chart: 'bar',
      columns: ['day', 'signups'],
      rows: [
        { day: '2026-11-17', signups: 0 },
        { day: '2026-11-18', signups: 2 },
        { day: '2026-11-19', signups: 1 },
      ],
      // the 19th is today: its figure is so far
      incomplete: ['2026-11-19'],
      from: '2026-11-17',
      to: '2026-11-19',
    });
    // And without a range, the days the log has data for; verified accounts as running totals
    const verification = await server.call('GET', '/api/analytics/verification', { token: staff.token });
    expect(verification.status).to.equal(200);
    expect(verification.body.rows).to.deep.equal([
      { day: '2026-11-18', verified: 2, unverified: 0 },
      { day: '2026-11-19', verified: 3, unverified: 0 },
    ]);
  });

  it('counts weeks Monday to Sunday as they stood at the end of the range', async () => {
    // Given staff active on Thursday 12 November, and a user whose first login that week is on Thursday the 19th
    server.clock.set('2026-11-12T09:00:00Z');
    const staff = await staffToken();
    server.clock.set('2026-11-19T09:00:00Z');
    const user = await signUpVerifiedUser(server);
    const login = await server.call('POST', '/api/login', { json: { identifier: user.email, password: user.payload.password } });
    const read = (query: string) =>
      server.call('GET', `/api/analytics/weekly-active-users?${query}`, { token: staff.token, headers: { 'X-Min-Position': String(login.body.position) } });
    // When staff asks for a range from Friday the 13th: its first week is the whole week of Monday the 9th
    const throughWednesday = await read('from=2026-11-13&to=2026-11-18');
    // Then the week of the 16th, cut off on Wednesday, does not yet count the user active from Thursday
    expect(throughWednesday.body.rows).to.deep.equal([
      { week: '2026-11-09', users: 1 },
      { week: '2026-11-16', users: 0 },
    ]);
    // And that week is marked incomplete, as is any week not over yet; the week before is whole
    expect(throughWednesday.body.incomplete).to.deep.equal(['2026-11-16']);
    server.clock.set('2026-11-30T09:00:00Z');
    const weekBefore = await read('from=2026-11-09&to=2026-11-15');
    expect(weekBefore.body.rows).to.deep.equal([{ week: '2026-11-09', users: 1 }]);
    expect(weekBefore.body).not.to.have.property('incomplete');
    const throughThursday = await read('from=2026-11-13&to=2026-11-19');
    expect(throughThursday.body.rows).to.deep.equal([
      { week: '2026-11-09', users: 1 },
      { week: '2026-11-16', users: 1 },
    ]);
  });

  it('counts imported workouts apart, in the weeks they were done, until the import is undone; a replay of the log says the same', async () => {
    // Given staff, and on 20 November a subscriber who imports a Hevy export of two workouts: Sat 26 July 2025 (64 min)
    // and Mon 28 July (a 30-minute run)
    server.clock.set('2026-11-20T09:00:00Z');
    const staff = await staffToken();
    const ann = await signUpSubscriber(server);
    const imported = await server.call('POST', '/api/imports', { token: ann.token, body: hevy, headers: { 'content-type': 'text/csv' } });
    expect(imported.status).to.equal(201);
    const workouts = async (position: number) => {
      const answer = await server.call('GET', '/api/analytics/workouts?from=2025-07-21&to=2026-11-20', { token: staff.token, headers: { 'X-Min-Position': String(position) } });
      expect(answer.status).to.equal(200);
      // And the analysts' replay of the log (`npm run analytics`) draws the very same rows
      const replayed = computeSeries('workouts', (await replayAnalytics(server.system.events)).docs, { from: '2025-07-21', to: '2026-11-20' }, '2026-11-20');
      expect(answer.body.rows).to.deep.equal(replayed.rows);
      return answer.body as { columns: string[]; rows: { week: string; imported_workouts: number; imported_minutes: number }[] };
    };
    // When staff reads the weekly workouts series
    const before = await workouts(imported.body.position as number);
    // Then the imported workouts count apart, each in the week it was done, and nowhere else
    expect(before.columns).to.deep.equal(['week', 'workouts', 'minutes', 'imported_workouts', 'imported_minutes']);
    expect(before.rows.slice(0, 2)).to.deep.equal([
      { week: '2025-07-21', workouts: 0, minutes: 0, imported_workouts: 1, imported_minutes: 64 },
      { week: '2025-07-28', workouts: 0, minutes: 0, imported_workouts: 1, imported_minutes: 30 },
    ]);
    expect(before.rows.slice(2).every((r) => r.imported_workouts === 0)).to.equal(true);
    // And once the subscriber undoes the import, it counts nowhere
    const undo = await server.call('DELETE', `/api/imports/${imported.body.importId as string}`, { token: ann.token });
    expect(undo.status).to.equal(200);
    const after = await workouts(undo.body.position as number);
    expect(after.rows.every((r) => r.imported_workouts === 0 && r.imported_minutes === 0)).to.equal(true);
  });

  it('refuses everyone but staff: 403 for a subscriber and a plain user, 401 without a token', async () => {
    const subscriber = await signUpSubscriber(server);
    const user = await signUpVerifiedUser(server);
    for (const token of [subscriber.token, user.token]) {
      const answer = await server.call('GET', '/api/analytics/funnel', { token });
      expect(answer.status).to.equal(403);
      expect(answer.body).to.deep.include({ message: 'Analytics are for staff only' });
    }
    expect((await server.call('GET', '/api/analytics/funnel')).status).to.equal(401);
  });

  it('answers bad input with a 4xx and its reason', async () => {
    const { token } = await staffToken();
    const cases: [string, number, string][] = [
      ['/api/analytics/nope', 404, 'No series nope'],
      ['/api/analytics/signups?from=2026-02-30', 400, 'from must be a date YYYY-MM-DD'],
      ['/api/analytics/signups?to=yesterday', 400, 'to must be a date YYYY-MM-DD'],
      ['/api/analytics/signups?from=2026-11-19&to=2026-11-18', 400, 'from must not be after to'],
      ['/api/analytics/signups?from=2000-01-01&to=2026-11-18', 400, 'a range covers at most 3660 days'],
    ];
    for (const [path, status, message] of cases) {
      const answer = await server.call('GET', path, { token });
      expect(answer.status, path).to.equal(status);
      expect(answer.body.message, path).to.include(message);
    }
  });
});
