import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { mailsTo } from '../../scripts/support/outbox.js';
import { resetTokenFor, signupPayload, signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../workers/support.js';

const RESET_SENT = 'If that account exists, a link to choose a new password is on its way to its e-mail address. It works for one hour.';

describe('passwords: change, forgot, reset (HTTP)', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ LOGIN_MAX_ATTEMPTS_PER_IDENTIFIER: '3' });
  });
  after(async () => server?.stop());

  const logIn = (identifier: string, password: string) => server.call('POST', '/api/login', { json: { identifier, password } });
  const profileStatus = async (token: string) => (await server.call('GET', '/api/profile', { token })).status;

  describe('PUT /api/password', () => {
    it('changes the password: 200 {token}, every other sign-in ends, this one goes on, the owner gets a mail', async () => {
      const user = await signUpVerifiedUser(server);
      const other = (await logIn(user.email, user.payload.password)).body.token as string;

      const changed = await server.call('PUT', '/api/password', { token: user.token, json: { currentPassword: user.payload.password, newPassword: 'a new secret' } });
      expect(changed.status).to.equal(200);
      expect(changed.body.message).to.equal('Your password has been changed. Every other device has been signed out.');
      expect(changed.body.token).to.be.a('string');

      expect(await profileStatus(other)).to.equal(401);
      expect(await profileStatus(changed.body.token)).to.equal(200);
      expect((await logIn(user.email, user.payload.password)).status).to.equal(401);
      expect((await logIn(user.email, 'a new secret')).status).to.equal(200);
      await until('the mail telling the owner', () => mailsTo(server.dataDir, user.email).some((m) => m.includes('Subject: Your password was changed')), 5000);
    });

    it('a wrong current password is a 400 that changes nothing, counted by the login limits (429 past them)', async () => {
      const user = await signUpVerifiedUser(server);
      for (let i = 0; i < 3; i += 1) {
        const wrong = await server.call('PUT', '/api/password', { token: user.token, json: { currentPassword: 'not it', newPassword: 'whatever1' } });
        expect(wrong.status).to.equal(400);
        expect(wrong.body).to.deep.equal({ message: 'Your current password is not correct.' });
      }
      const limited = await server.call('PUT', '/api/password', { token: user.token, json: { currentPassword: user.payload.password, newPassword: 'whatever1' } });
      expect(limited.status).to.equal(429);
      expect(limited.headers.get('retry-after')).to.match(/^\d+$/);
      expect(await profileStatus(user.token)).to.equal(200);
      expect(mailsTo(server.dataDir, user.email).some((m) => m.includes('Your password was changed'))).to.equal(false);
    });

    it('bad bodies are 400s naming the field; no token is a 401', async () => {
      const user = await signUpVerifiedUser(server);
      const short = await server.call('PUT', '/api/password', { token: user.token, json: { currentPassword: user.payload.password, newPassword: '12345' } });
      expect(short.status).to.equal(400);
      expect(short.body.message).to.include('newPassword must be at least 6 characters');
      expect((await server.call('PUT', '/api/password', { token: user.token, json: { newPassword: 'abcdefg' } })).status).to.equal(400);
      expect((await server.call('PUT', '/api/password', { json: { currentPassword: 'x', newPassword: 'abcdefg' } })).status).to.equal(401);
    });
  });

  describe('POST /api/forgot-password and /api/reset-password', () => {
    it('the same answer for an unknown account, and no mail', async () => {
      const answer = await server.call('POST', '/api/forgot-password', { json: { identifier: 'nobody-here@example.com' } });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({ message: RESET_SENT });
      expect(mailsTo(server.dataDir, 'nobody-here@example.com')).to.deep.equal([]);
    });

    it('mails a link (asked for by username); the link sets a new password once, and every sign-in ends', async () => {
      const username = `reset_${Math.random().toString(36).slice(2, 8)}`;
      const user = await signUpVerifiedUser(server, { username });
      const asked = await server.call('POST', '/api/forgot-password', { json: { identifier: username } });
      expect(asked.body).to.deep.equal({ message: RESET_SENT });
      const token = await resetTokenFor(server.dataDir, user.email);

      const reset = await server.call('POST', '/api/reset-password', { json: { token, password: 'brand new 1' } });
      expect(reset.status).to.equal(200);
      expect(reset.body.message).to.equal('Your password has been changed. Log in with your new password.');
      expect(await profileStatus(user.token)).to.equal(401);
      expect((await logIn(username, 'brand new 1')).status).to.equal(200);
      expect((await logIn(username, user.payload.password)).status).to.equal(401);

      const again = await server.call('POST', '/api/reset-password', { json: { token, password: 'another one' } });
      expect(again.status).to.equal(400);
      expect(again.body.message).to.equal('This password reset link is invalid, used or expired. Ask for a new one.');
      expect((await logIn(username, 'brand new 1')).status).to.equal(200);
    });

    it('a link dies with any later password change, after an hour, and when tampered with', async () => {
      const user = await signUpVerifiedUser(server);
      await server.call('POST', '/api/forgot-password', { json: { identifier: user.email } });
      const token = await resetTokenFor(server.dataDir, user.email);
      const changed = await server.call('PUT', '/api/password', { token: user.token, json: { currentPassword: user.payload.password, newPassword: 'changed meanwhile' } });
      expect(changed.status).to.equal(200);
      expect((await server.call('POST', '/api/reset-password', { json: { token, password: 'too late 1' } })).status).to.equal(400);

      const secret = new TextEncoder().encode(fs.readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8').trim());
      const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
      const expired = await new SignJWT({ purpose: 'reset-password', v: '1' }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime(Math.floor(Date.now() / 1000) - 1).sign(secret);
      expect((await server.call('POST', '/api/reset-password', { json: { token: expired, password: 'too late 1' } })).status).to.equal(400);
      expect((await server.call('POST', '/api/reset-password', { json: { token: `${token}x`, password: 'too late 1' } })).status).to.equal(400);
      expect((await server.call('POST', '/api/reset-password', { json: { token, password: '123' } })).body.message).to.include('password must be at least 6 characters');
      expect((await logIn(user.email, 'changed meanwhile')).status).to.equal(200);
    });

    it('is limited per address like the other mails (the sign-up mail counts), known or not', async () => {
      const payload = signupPayload();
      expect((await server.call('POST', '/api/signup-email', { json: payload })).status).to.equal(201);
      const ask = (identifier: string) => server.call('POST', '/api/forgot-password', { json: { identifier } });
      expect((await ask(payload.email)).status).to.equal(200);
      expect((await ask(payload.email.toUpperCase())).status).to.equal(200);
      const limited = await ask(payload.email);
      expect(limited.status).to.equal(429);
      expect(limited.headers.get('retry-after')).to.match(/^\d+$/);

      const unknown = 'not-an-account@example.com';
      for (let i = 0; i < 3; i += 1) expect((await ask(unknown)).status).to.equal(200);
      expect((await ask(unknown)).status).to.equal(429);
    });

    it('a reset link verifies an address still waiting for verification', async () => {
      const payload = signupPayload();
      await server.call('POST', '/api/signup-email', { json: payload });
      expect((await logIn(payload.email, payload.password)).status).to.equal(403);
      await server.call('POST', '/api/forgot-password', { json: { identifier: payload.email } });
      const token = await resetTokenFor(server.dataDir, payload.email);
      expect((await server.call('POST', '/api/reset-password', { json: { token, password: 'verified by mail' } })).status).to.equal(200);
      expect((await logIn(payload.email, 'verified by mail')).status).to.equal(200);
    });
  });
});
