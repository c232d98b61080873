import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { signUpVerifiedUser } from '../support/accounts.js';

/** Issue 9, item 7: login tries count per account, and a guesser elsewhere does not lock the owner out. */
describe('login limits (issue 9.7)', function () {
  // Every try on a real account checks a scrypt hash.
  this.timeout(60_000);
  let server: TestServer;
  before(async () => (server = await startTestServer({ LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '12' })));
  after(async () => server.stop());

  const login = (identifier: string, password: string, ip: string) =>
    server.call('POST', '/api/login', { json: { identifier, password }, headers: { 'X-Forwarded-For': ip } });

  it('counts the e-mail and the username of one account as one budget', async () => {
    const owner = await signUpVerifiedUser(server, { username: 'budget_owner' });
    const guesses = [];
    for (let i = 0; i < 10; i += 1) guesses.push(await login(i % 2 ? owner.email : 'budget_owner', 'wrong-guess', '203.0.113.20'));
    expect(guesses.map((g) => g.status)).to.deep.equal(Array(10).fill(401));

    const eleventh = await login('BUDGET_OWNER', 'wrong-guess', '203.0.113.20');

    expect(eleventh.status).to.equal(429);
    expect(Number(eleventh.headers.get('retry-after'))).to.be.above(0);
    expect(eleventh.body.message).to.match(/Too many login attempts\. Try again in \d+ minute/);
  });

  it('lets the owner in from their usual network while a guesser elsewhere is throttled', async () => {
    const owner = await signUpVerifiedUser(server, { username: 'usual_owner' });
    expect((await login(owner.email, owner.payload.password, '198.51.100.10')).status).to.equal(200);
    // A guesser spreads tries over many addresses.
    const statuses = [];
    for (let i = 0; i < 15; i += 1) statuses.push((await login('usual_owner', 'guess' + i, `203.0.113.${100 + (i % 15)}`)).status);
    expect(statuses).to.include(429);

    const ownerAgain = await login('usual_owner', owner.payload.password, '198.51.100.10');

    expect(ownerAgain.status).to.equal(200);
    expect(ownerAgain.body.token).to.be.a('string');
  });
});
