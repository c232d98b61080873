import { expect } from 'chai';
import { ask } from '../chat/support.js';
import { signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** Issue 18, item 7: without Redis, the budgets are counted in the SQLite file, so a restart does not reset them. */
describe('limits survive a restart without Redis (issue 18.7)', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => (server = await startTestServer({ CHAT_DAILY_LIMIT: '3', CHAT_BURST_LIMIT: '100', LOGIN_MAX_ATTEMPTS_PER_IDENTIFIER: '3' })));
  after(async () => server.stop());

  it("the chat's daily count goes on from where it was", async () => {
    const { token } = await signUpSubscriber(server);
    for (let i = 0; i < 2; i += 1) expect((await server.call('POST', '/api/chat', { json: ask('Hi'), token })).status).to.equal(200);

    server = await server.restart();

    expect((await server.call('POST', '/api/chat', { json: ask('Hi'), token })).status).to.equal(200);
    const limited = await server.call('POST', '/api/chat', { json: ask('Hi'), token });
    expect(limited.status).to.equal(429);
    expect(limited.body.message).to.equal("You have used today's 3 messages with the trainer. You can chat again in 24 hours.");
  });

  it('failed logins go on counting too', async () => {
    const owner = await signUpVerifiedUser(server);
    const login = () => server.call('POST', '/api/login', { json: { identifier: owner.email, password: 'wrong-guess' } });
    for (let i = 0; i < 2; i += 1) expect((await login()).status).to.equal(401);

    server = await server.restart();

    expect((await login()).status).to.equal(401);
    const limited = await login();
    expect(limited.status).to.equal(429);
    expect(Number(limited.headers.get('retry-after'))).to.be.above(0);
  });
});
