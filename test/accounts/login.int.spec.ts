import { expect } from 'chai';
import { SignJWT } from 'jose';
import { startTestServer, type TestServer } from '../support/server.js';
import { decodeToken, signupPayload, signUpOverHttp } from '../support/accounts.js';

describe('POST /api/login', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ LOGIN_MAX_ATTEMPTS_PER_IDENTIFIER: '5' })));
  after(async () => server.stop());

  it('logs in by e-mail (any case) or by username and answers a token with sub, name, role and exp', async () => {
    const { email, payload } = await signUpOverHttp(server, { username: 'lifter_jo' });
    for (const identifier of [email.toUpperCase(), 'lifter_jo', 'LIFTER_JO']) {
      const res = await server.call('POST', '/api/login', { json: { identifier, password: payload.password } });
      expect(res.status, identifier).to.equal(200);
      const claims = decodeToken(res.body.token);
      expect(claims).to.include({ name: 'lifter_jo', role: 1 });
      expect(claims.sub).to.be.a('string');
      expect(claims.exp - Math.floor(Date.now() / 1000)).to.be.within(7 * 24 * 3600 - 60, 7 * 24 * 3600);
    }
    const logins = (await server.system.events.readAll(0, 10_000)).filter((e) => e.type === 'UserLoggedIn');
    expect(logins.length).to.be.at.least(3);
  });

  it('refuses a wrong password and an unknown user with the same 401 message', async () => {
    const { email } = await signUpOverHttp(server);
    const wrong = await server.call('POST', '/api/login', { json: { identifier: email, password: 'wrong-one' } });
    const unknown = await server.call('POST', '/api/login', { json: { identifier: 'ghost@example.com', password: 'whatever' } });
    expect(wrong.status).to.equal(401);
    expect(unknown.status).to.equal(401);
    expect(wrong.body).to.deep.equal({ message: 'Invalid e-mail/username or password' });
    expect(unknown.body).to.deep.equal(wrong.body);
  });

  it('refuses an unverified account with a sentence that says to verify and that a new link can be asked for', async () => {
    const payload = signupPayload();
    await server.call('POST', '/api/signup-email', { json: payload });
    const res = await server.call('POST', '/api/login', { json: { identifier: payload.email, password: payload.password } });
    expect(res.status).to.equal(403);
    expect(res.body).to.deep.equal({
      message: 'Please verify your e-mail before logging in: open the link we sent you. No mail? Ask for a new verification link.',
    });
    expect(res.body.token).to.equal(undefined);
  });

  it('needs both fields', async () => {
    const none = await server.call('POST', '/api/login', { json: {} });
    expect(none.status).to.equal(400);
    expect(none.body.message).to.match(/identifier/);
    const noPassword = await server.call('POST', '/api/login', { json: { identifier: 'a@b.co' } });
    expect(noPassword.body.message).to.match(/password is required/);
  });

  it('stops guessing after 5 failed tries on one identifier, even with the right password, with Retry-After', async () => {
    const { email, payload } = await signUpOverHttp(server);
    for (let i = 0; i < 5; i += 1) {
      expect((await server.call('POST', '/api/login', { json: { identifier: email, password: `nope${i}` } })).status).to.equal(401);
    }
    const blocked = await server.call('POST', '/api/login', { json: { identifier: email, password: payload.password } });
    expect(blocked.status).to.equal(429);
    expect(blocked.body.message).to.match(/Too many login attempts/);
    expect(Number(blocked.headers.get('retry-after'))).to.be.above(0);
  });

  it('forgets failed tries after a successful login', async function () {
    this.timeout(60_000); // 13 scrypt hashes: slow on a busy machine
    const { email, payload } = await signUpOverHttp(server);
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 3; i += 1) await server.call('POST', '/api/login', { json: { identifier: email, password: 'bad-pass' } });
      expect((await server.call('POST', '/api/login', { json: { identifier: email, password: payload.password } })).status).to.equal(200);
    }
  });
});

describe('login limit per IP', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ LOGIN_MAX_ATTEMPTS_PER_IP: '3' })));
  after(async () => server.stop());

  it('answers 429 once one address has tried too often, whatever the identifier', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await server.call('POST', '/api/login', { json: { identifier: `someone${i}@example.com`, password: 'x' } })).status).to.equal(401);
    }
    expect((await server.call('POST', '/api/login', { json: { identifier: 'other@example.com', password: 'x' } })).status).to.equal(429);
  });
});

describe('tokens', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('answers 401 for a missing, malformed, forged or expired token', async () => {
    const { token } = await signUpOverHttp(server);
    const claims = decodeToken(token);
    const forged = await new SignJWT({ name: claims.name, role: 3 }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(48)));
    const [h, , s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, role: 2 })).toString('base64url')}.${s}`;
    const cases: Record<string, Record<string, string>> = {
      missing: {},
      'not bearer': { authorization: `Basic ${token}` },
      malformed: { authorization: 'Bearer not-a-token' },
      forged: { authorization: `Bearer ${forged}` },
      tampered: { authorization: `Bearer ${tampered}` },
    };
    for (const [what, headers] of Object.entries(cases)) {
      const res = await server.call('GET', '/api/profile', { headers });
      expect(res.status, what).to.equal(401);
      expect(res.body.message, what).to.be.a('string');
    }
    for (const [what, headers] of Object.entries(cases)) {
      expect((await server.call('PUT', '/api/profile', { headers, json: {} })).status, `PUT ${what}`).to.equal(401);
    }
  });

  it('answers 401 for an expired token', async () => {
    // Tokens run on real time, so rather than wait out a TTL the test signs with the server's key: the same claims
    // answer 200 while their exp is ahead and 401 once it is past; the server's own tokens last TOKEN_TTL_SECONDS.
    const secret = 'expired-token-test-secret-'.padEnd(48, 'x');
    const short = await startTestServer({ JWT_SECRET: secret, TOKEN_TTL_SECONDS: '90' });
    try {
      const { token } = await signUpOverHttp(short);
      const claims = decodeToken(token);
      expect(claims.exp - claims.iat).to.equal(90);
      const signedWith = (exp: number) =>
        new SignJWT({ name: claims.name, role: claims.role, sid: claims.sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setIssuedAt(exp - 90).setExpirationTime(exp).sign(new TextEncoder().encode(secret));
      const now = Math.floor(Date.now() / 1000);
      expect((await short.call('GET', '/api/profile', { token: await signedWith(now + 60) })).status).to.equal(200);
      const res = await short.call('GET', '/api/profile', { token: await signedWith(now - 60) });
      expect(res.status).to.equal(401);
      expect(res.body.message).to.match(/expired/);
    } finally {
      await short.stop();
    }
  });
});
