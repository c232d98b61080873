import { randomUUID } from 'node:crypto';
import { mailsTo, verificationLinkIn } from '../../scripts/support/outbox.js';
import { until } from './until.js';
import { decodeToken, signupPayload } from '../../scripts/support/signup.js';
import { startTestServer, type TestServer } from './server.js';
import { userStream } from '../../events/streams.js';
import { claimEmail, claimUsername } from '../../services/command/src/accounts/claims.js';
import { signUp, verifyEmail } from '../../services/command/src/accounts/decide.js';
import { hashPassword } from '../../services/command/src/accounts/password.js';
import { newAccountOf, signupInput } from '../../services/command/src/accounts/signupInput.js';
import { user } from '../../services/command/src/accounts/user.js';
import { execute } from '../../services/command/src/execute.js';

export { decodeToken, signupPayload };

/** Waits for the verification mail to `email` in the server's outbox and returns its link. */
export const verificationLink = (server: TestServer, email: string, timeoutMs = 5000): Promise<string> => verificationLinkIn(server.dataDir, email, timeoutMs);

/** The mails to `email` in the server's outbox, once there are at least `count` of them. */
export async function mailsArriving(server: TestServer, email: string, count: number, timeoutMs = 5000): Promise<string[]> {
  await until(`${count} mail(s) to ${email}`, () => mailsTo(server.dataDir, email).length >= count, timeoutMs);
  return mailsTo(server.dataDir, email);
}

/**
 * Signs up over HTTP, follows the mail's link and logs in; returns the token and the e-mail. For the tests about
 * sign-up, verification, login and mail; every other test starts from `signUpVerifiedUser`.
 */
export async function signUpOverHttp(server: TestServer, overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  const signup = await server.call('POST', '/api/signup-email', { json: payload });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const link = new URL(await verificationLink(server, payload.email));
  const verified = await server.call('GET', link.pathname + link.search);
  if (verified.status !== 302) throw new Error(`verify failed: ${verified.status}`);
  // The link's first use signs in (docs/adr/0370); that sign-in is ended, so the user is signed in once, by the login.
  const linked = decodeURIComponent(/#token=(.+)$/.exec(verified.headers.get('location') ?? '')?.[1] ?? '');
  if (linked) await server.call('POST', '/api/logout', { token: linked });
  return { ...(await logIn(server, payload)), email: payload.email, payload };
}

/**
 * A verified user, seeded in-process: the sign-up's claims and account and the verification appended through the
 * command side's own claims, deciders and `execute` (the events a sign-up over HTTP and its mail's link append),
 * then a real login over HTTP for a real token. No mail wait, no sign-up budget spent.
 */
export async function signUpVerifiedUser(server: TestServer, overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  await seedAccount(server, payload);
  return { ...(await logIn(server, payload)), email: payload.email, payload };
}

/** Appends what sign-up and verification append for `payload`, as the routes decide it; returns the user id. */
async function seedAccount(server: TestServer, payload: Record<string, unknown>): Promise<string> {
  const input = signupInput.parse(payload);
  const store = server.system.events;
  const ctx = { store, metadata: { correlationId: `seed-${randomUUID()}`, at: server.clock.now().toISOString() } };
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password, server.system.config.PASSWORD_HASH_LOG_N);
  await claimEmail(ctx, input.email, userId);
  if (input.username) await claimUsername(ctx, input.username, userId);
  const now = server.clock.now().toISOString();
  await execute(ctx, userStream(userId), user, (state) => signUp(state, { userId, ...newAccountOf(input), passwordHash, now }));
  await execute(ctx, userStream(userId), user, verifyEmail);
  return userId;
}

/** The real login over HTTP: a session token and the position of its login event. */
async function logIn(server: TestServer, payload: { email: string; password: string }) {
  const login = await server.call('POST', '/api/login', { json: { identifier: payload.email, password: payload.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { token: login.body.token as string, position: login.body.position as number };
}

/** Gives a user a role the way `npm run admin` does: a RoleGranted event in the user's stream. */
export async function grantRole(server: TestServer, token: string, role: number): Promise<number> {
  const { appendRoleGranted } = await import('../../scripts/grantRole.js');
  return appendRoleGranted(server.system.events, decodeToken(token).sub, role, 'test');
}

/** A verified user granted `role` the way `npm run admin` grants one (RoleGranted), with a fresh token that says so. */
export async function signUpWithRole(server: TestServer, role: number, overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  const userId = await seedAccount(server, payload);
  const { appendRoleGranted } = await import('../../scripts/grantRole.js');
  const granted = await appendRoleGranted(server.system.events, userId, role, 'test');
  const login = await logIn(server, payload);
  return { ...login, email: payload.email, payload, position: Math.max(granted, login.position) };
}

/**
 * A verified user holding role 3 the way an admin's comp gives it (`npm run admin`'s RoleGranted 3), with a fresh
 * token that says so. No subscription is activated, so no starter plans appear: the slices' own suites start from
 * an empty account. Suites about paying, cancelling and starter plans use `signUpPayingSubscriber`.
 */
export const signUpSubscriber = (server: TestServer, overrides: Record<string, unknown> = {}) => signUpWithRole(server, 3, overrides);

/** A verified member of staff (role 2: the ticket list and status, and every subscriber endpoint), with a fresh token. */
export const signUpStaff = (server: TestServer, overrides: Record<string, unknown> = {}) => signUpWithRole(server, 2, overrides);

/** A fresh server and a subscriber on it: what a file of tests of subscriber-only endpoints starts with. */
export async function serverWithSubscriber(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  const { token } = await signUpSubscriber(server);
  return { server, token };
}

/**
 * A verified user who subscribed the way a user does on a server in test-checkout mode (no Stripe key): create a
 * checkout session, pay it on the test checkout, confirm it as /subscription-success does. The workers then save
 * the starter plans.
 */
export async function signUpPayingSubscriber(server: TestServer, overrides: Record<string, unknown> = {}, interval: 'monthly' | 'annually' = 'monthly') {
  const user = await signUpVerifiedUser(server, overrides);
  const checkout = await server.call('POST', '/api/early-access/create-checkout-session', { token: user.token, json: { interval } });
  if (checkout.status !== 201) throw new Error(`checkout failed: ${checkout.status} ${JSON.stringify(checkout.body)}`);
  const { checkoutSessionId } = checkout.body as { checkoutSessionId: string };
  const paid = await server.call('POST', `/api/test-checkout/${checkoutSessionId}/pay`, { token: user.token });
  if (paid.status !== 200) throw new Error(`test pay failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  const confirmed = await server.call('GET', `/api/subscribe/confirm-subscription?session_id=${checkoutSessionId}`, { token: user.token });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { ...user, token: confirmed.body.token as string, position: confirmed.body.position as number, checkoutSessionId };
}

/** The token of the newest password-reset link mailed to `email`, once it is there. */
export async function resetTokenFor(dataDir: string, email: string, count = 1): Promise<string> {
  const links = () => mailsTo(dataDir, email).flatMap((text) => /\/reset-password\?token=(\S+)/.exec(text)?.[1] ?? []);
  await until(`reset mail ${count} to ${email}`, () => links().length >= count, 5000);
  return decodeURIComponent(links().at(-1)!);
}

