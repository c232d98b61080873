import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { decodeToken, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { userClient } from '../support/client.js';

/** A wall-clock hour in New York (the test users' zone), UTC-5 in November. */
const at = (day: string, hour: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + (hour + 5) * 3600_000).toISOString();

describe('POST /api/showed-up: a signed-in visit counts the day', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('given a person signed in once on Monday, when they open the app on Tuesday and Wednesday (twice) without logging in, then the streak is 3 and one visit a day is stored', async () => {
    server.clock.set(at('2026-11-16', 9));
    const { token, position } = await signUpSubscriber(server);
    const userId = decodeToken(token).sub;
    const user = userClient(server, token, position);
    expect((await user.read('/api/dashboard/summary')).weekly).to.deep.include({ loginDays: [0], loginStreak: 1 });

    server.clock.set(at('2026-11-17', 8));
    expect(await user.send('POST', '/api/showed-up', {})).to.deep.include({ recorded: true });
    server.clock.set(at('2026-11-18', 7));
    expect(await user.send('POST', '/api/showed-up', {})).to.deep.include({ recorded: true });
    server.clock.set(at('2026-11-18', 21));
    expect(await user.send('POST', '/api/showed-up', {}), 'the day is counted already').to.deep.include({ recorded: false });

    expect((await user.read('/api/dashboard/summary')).weekly).to.deep.include({ loginDays: [0, 1, 2], loginStreak: 3 });
    const overview = await user.read('/api/progress/overview');
    expect(overview).to.deep.include({ current_streak: 3, longest_streak: 3 });
    const visits = (await server.system.events.readAll(0, 100_000)).filter((e) => e.type === 'UserShowedUp' && (e.data as { userId: string }).userId === userId);
    expect(visits.map((e) => (e.data as { day: string }).day)).to.deep.equal(['2026-11-17', '2026-11-18']);
  });

  it('counts a signed-in person whatever their role, and refuses a caller without a token or with a body', async () => {
    server.clock.set(at('2026-11-20', 9));
    const { token } = await signUpVerifiedUser(server);
    expect((await server.call('POST', '/api/showed-up', { token, json: {} })).status).to.equal(200);
    expect((await server.call('POST', '/api/showed-up', { json: {} })).status).to.equal(401);
    const withBody = await server.call('POST', '/api/showed-up', { token, json: { day: '2026-11-01' } });
    expect(withBody.status).to.equal(400);
  });
});
