import { expect } from 'chai';
import { SignJWT } from 'jose';
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/server.js';
import { decodeToken, signUpVerifiedUser } from '../support/accounts.js';

/** Issue 9, item 8. */
describe('request id, tokens without exp, long passwords (issue 9.8)', () => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUpVerifiedUser>>;
  before(async () => {
    server = await startTestServer();
    user = await signUpVerifiedUser(server);
  });
  after(async () => server.stop());

  it('caps and sanitizes X-Request-Id before it lands in event metadata', async () => {
    const before = await server.system.events.headPosition();
    const res = await server.call('PUT', '/api/profile', {
      token: user.token,
      json: { name: 'Kim', age: 31, gender: 'Female', height: 66, weight: 151, targetWeight: 140 },
      headers: { 'X-Request-Id': 'a'.repeat(8000) + '<script>' },
    });
    expect(res.status).to.equal(200);
    const [event] = await server.system.events.readAll(before, 10);
    expect(event!.metadata.correlationId!.length).to.be.at.most(128);
    expect(event!.metadata.correlationId).to.match(/^[\w.:-]+$/);
  });

  it('refuses a correctly signed session token that has no exp', async () => {
    const secret = fs.readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8').trim();
    const { sub } = decodeToken(user.token);
    const forever = await new SignJWT({ name: 'Kim', role: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuedAt().sign(new TextEncoder().encode(secret));
    const res = await server.call('GET', '/api/profile', { token: forever });
    expect(res.status).to.equal(401);
    expect(res.body.message).to.equal('Invalid or expired token: sign in again');
  });

  it('names the length limit for a 90,000-character password', async () => {
    const res = await server.call('POST', '/api/login', { json: { identifier: user.email, password: 'p'.repeat(90_000) } });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.equal('password: password must be at most 200 characters');
  });
});
