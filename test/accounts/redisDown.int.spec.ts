import { expect } from 'chai';
import { redisOrSkip } from '../platform/redis.js';
import { signUpVerifiedUser } from '../support/accounts.js';
import { startPrivateRedis, type PrivateRedis } from '../support/privateRedis.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';

/**
 * With REDIS_URL set, sign-ins and limits live in Redis. While it is out of reach, a person signed in moments ago
 * keeps using the app (no sign-in can be ended meanwhile, since ending one writes to Redis too), and what needs
 * Redis answers 503 with Retry-After, never 500.
 */
describe('accounts while Redis is down', function () {
  this.timeout(60_000);
  let server: TestServer;
  let redis: PrivateRedis;

  before(async function () {
    // The shared Redis says whether this machine has Redis at all; this test then runs its own redis-server.
    (await redisOrSkip(this)).disconnect();
    redis = await startPrivateRedis();
    server = await startTestServer({ REDIS_URL: redis.url });
  });
  after(async () => {
    await server?.stop();
    await redis?.kill();
  });

  it('keeps a recent sign-in working and answers 503 with Retry-After for what needs Redis', async () => {
    const user = await signUpVerifiedUser(server);
    expect((await server.call('GET', '/api/profile', { token: user.token })).status).to.equal(200);

    await redis.kill();

    const profile = await server.call('GET', '/api/profile', { token: user.token });
    expect(profile.status, JSON.stringify(profile.body)).to.equal(200);
    const login = await server.call('POST', '/api/login', { json: { identifier: user.email, password: user.payload.password } });
    expect(login.status, JSON.stringify(login.body)).to.equal(503);
    expect(Number(login.headers.get('retry-after'))).to.be.above(0);
    expect(login.body.message).to.match(/briefly unavailable/);

    // Back, and logging in works again once the client has reconnected.
    await redis.start();
    await until('a login with Redis back', async () => (await server.call('POST', '/api/login', { json: { identifier: user.email, password: user.payload.password } })).status === 200, 20_000);
  });
});
