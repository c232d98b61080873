import { expect } from 'chai';
import { Redis } from 'ioredis';
import path from 'node:path';
import { Tokens } from '../../services/platform/auth.js';
import { RedisSignIns, SqliteSignIns, describeDevice, type SignInStore } from '../../services/platform/signIns.js';
import { signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, tempDir, type TestServer } from '../support/server.js';
import { dropPrefix, redisOrSkip, testRedisPrefix, testRedisUrl } from '../platform/redis.js';

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('sign-ins: logout, logout-all, the device list (HTTP)', function () {
  this.timeout(30_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server?.stop());

  /** A second login of the user, from another browser. */
  async function logInAgain(user: { email: string; payload: { password: string } }, userAgent: string) {
    const login = await server.call('POST', '/api/login', { json: { identifier: user.email, password: user.payload.password }, headers: { 'user-agent': userAgent } });
    expect(login.status).to.equal(200);
    return login.body.token as string;
  }
  const profileStatus = async (token: string) => (await server.call('GET', '/api/profile', { token })).status;

  it('POST /api/logout ends this token at once (401 after), and no other', async () => {
    const user = await signUpVerifiedUser(server);
    const other = await logInAgain(user, FIREFOX_WINDOWS);
    expect(await profileStatus(user.token)).to.equal(200);

    const out = await server.call('POST', '/api/logout', { token: user.token });
    expect(out.status).to.equal(204);
    expect(await profileStatus(user.token)).to.equal(401);
    expect((await server.call('POST', '/api/logout', { token: user.token })).status).to.equal(401);
    expect(await profileStatus(other)).to.equal(200);
  });

  it('POST /api/logout-all ends every token of the account, and nobody else\'s', async () => {
    const user = await signUpVerifiedUser(server);
    const second = await logInAgain(user, CHROME_ANDROID);
    const stranger = await signUpVerifiedUser(server);

    expect((await server.call('POST', '/api/logout-all', { token: second })).status).to.equal(204);
    expect(await profileStatus(user.token)).to.equal(401);
    expect(await profileStatus(second)).to.equal(401);
    expect(await profileStatus(stranger.token)).to.equal(200);
  });

  it('GET /api/devices lists the signed-in devices; DELETE /api/devices/:id signs one out; another user\'s id is a 404', async () => {
    const user = await signUpVerifiedUser(server);
    const phone = await logInAgain(user, CHROME_ANDROID);
    const stranger = await signUpVerifiedUser(server);

    const listed = await server.call('GET', '/api/devices', { token: phone });
    expect(listed.status).to.equal(200);
    expect(listed.body).to.have.length(2);
    const [first, second] = listed.body as { id: string; signedInAt: string; device: string; current: boolean }[];
    expect(first).to.include({ device: 'Unknown browser', current: false });
    expect(second).to.include({ device: 'Chrome on Android', current: true });
    expect(Date.parse(second!.signedInAt)).to.be.closeTo(Date.now(), 60_000);

    expect((await server.call('DELETE', `/api/devices/${first!.id}`, { token: stranger.token })).status).to.equal(404);
    expect(await profileStatus(user.token)).to.equal(200);

    expect((await server.call('DELETE', `/api/devices/${first!.id}`, { token: phone })).status).to.equal(204);
    expect(await profileStatus(user.token)).to.equal(401);
    expect((await server.call('GET', '/api/devices', { token: phone })).body).to.deep.equal([{ ...second }]);
    expect((await server.call('GET', '/api/devices')).status).to.equal(401);
  });

  it('a token without a sign-in (made before sign-ins existed) is refused', async () => {
    const user = await signUpVerifiedUser(server);
    const { SignJWT } = await import('jose');
    const fs = await import('node:fs');
    const secret = fs.readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8').trim();
    const old = await new SignJWT({ name: 'x', role: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject(JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()).sub).setExpirationTime('1h').sign(new TextEncoder().encode(secret));
    expect(await profileStatus(old)).to.equal(401);
  });
});

describe('sign-ins: describeDevice', () => {
  it('names the browser and system a person knows their device by', () => {
    expect(describeDevice(CHROME_ANDROID)).to.equal('Chrome on Android');
    expect(describeDevice(FIREFOX_WINDOWS)).to.equal('Firefox on Windows');
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).to.equal('Safari on iOS');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0')).to.equal('Edge on Windows');
    expect(describeDevice('')).to.equal('Unknown browser');
  });
});

/**
 * Two instances, each with its own connection to the shared store: a sign-in ended on one is refused by the other
 * within a second.
 */
function endedEverywhere(open: () => Promise<[SignInStore, SignInStore]>, cleanUp: () => Promise<void> = async () => {}) {
  return async function (this: Mocha.Context) {
    const [here, there] = await open();
    try {
      const secret = 'x'.repeat(40);
      const a = new Tokens(secret, 3600, here);
      const b = new Tokens(secret, 3600, there);
      const signIn = await here.start('u-1', FIREFOX_WINDOWS, new Date());
      const token = await a.session({ id: 'u-1', name: 'Ann', role: 1 }, signIn.id);
      expect(await b.authenticate(token)).to.deep.include({ id: 'u-1', sid: signIn.id });

      await a.endSignIns('u-1');
      expect(await a.authenticate(token)).to.equal(undefined); // here, at once
      const ended = Date.now();
      while ((await b.authenticate(token)) !== undefined) {
        expect(Date.now() - ended).to.be.below(1000);
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await here.close();
      await there.close();
      await cleanUp();
    }
  };
}

describe('sign-ins: ended on one instance, refused on every other within a second', function () {
  this.timeout(10_000);

  it('SQLite file (the embedded default)', endedEverywhere(async () => {
    const file = path.join(tempDir(), 'trainer.sqlite');
    return [new SqliteSignIns(file, 3600), new SqliteSignIns(file, 3600)];
  }));

  it('Redis', async function () {
    const raw = await redisOrSkip(this);
    const prefix = testRedisPrefix();
    const client = () => new Redis(testRedisUrl, { keyPrefix: `${prefix}:` });
    const clients = [client(), client()];
    await endedEverywhere(
      async () => [new RedisSignIns(clients[0]!, 3600), new RedisSignIns(clients[1]!, 3600)],
      async () => {
        await dropPrefix(raw, prefix);
        clients.forEach((c) => c.disconnect());
        raw.disconnect();
      },
    ).call(this);
  });
});
