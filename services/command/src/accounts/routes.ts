import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { loginStream, userStream } from '../../../../events/streams.js';
import { HttpError, parse, Rejected } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, load, withIds } from '../execute.js';
import { claimEmail, claimUsername, EMAIL_TAKEN, emailOwner, releaseEmail, USERNAME_TAKEN, usernameOwner } from './claims.js';
import { INVALID_LOGIN, logIn, requestVerificationMail, signUp, verifyEmail } from './decide.js';
import { hashPassword, verifyPassword } from './password.js';
import { signupInput } from './signupInput.js';
import { user } from './user.js';

const loginInput = z
  .object({
    identifier: z.string({ error: 'identifier (e-mail or username) is required' }).trim().min(1, 'identifier (e-mail or username) is required').max(254),
    password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200),
  })
  .strict();

const resendInput = z.object({ email: z.string({ error: 'email is required' }).trim().pipe(z.email('email must be a valid e-mail address')) }).strict();

// A hash of a random password, compared against when the identifier is unknown, so that a wrong identifier
// takes as long to refuse as a wrong password and the timing does not tell which accounts exist.
const decoyHash = hashPassword(randomUUID());

export function accountRoutes(deps: CommandDeps): Router {
  const router = Router();
  const { store, tokens } = deps;

  router.post('/signup-email', async (req, res) => {
    const input = parse(signupInput, req.body);
    const ctx = commandContext(deps, req, res);
    const userId = randomUUID();
    // Looked up first so that a taken value, the usual case, appends nothing; the claims below settle races.
    if (await emailOwner(store, input.email)) throw new Rejected('conflict', EMAIL_TAKEN);
    if (input.username && (await usernameOwner(store, input.username))) throw new Rejected('conflict', USERNAME_TAKEN);
    const passwordHash = await hashPassword(input.password);
    await claimEmail(ctx, input.email, userId);
    try {
      if (input.username) await claimUsername(ctx, input.username, userId);
    } catch (error) {
      await releaseEmail(ctx, input.email, userId);
      throw error;
    }
    const now = deps.now().toISOString();
    const { position } = await execute(ctx, userStream(userId), user, (state) => signUp(state, { userId, input, passwordHash, now }));
    res.status(201).json({
      message: 'Account created. Check your e-mail for the link to verify your address, then log in.',
      position,
    });
  });

  router.get('/verify-email', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const userId = token ? await tokens.verifyPurpose('verify-email', token) : undefined;
    if (!userId) throw new HttpError(400, 'This verification link is invalid or has expired. Log in to ask for a new one.');
    await execute(commandContext(deps, req, res), userStream(userId), user, verifyEmail);
    res.redirect(302, '/verification-success');
  });

  router.post('/resend-verification', async (req, res) => {
    const { email } = parse(resendInput, req.body);
    const userId = await emailOwner(store, email);
    const result = userId ? await execute(commandContext(deps, req, res), userStream(userId), user, requestVerificationMail) : undefined;
    // The same answer whether or not the address has an account, so it cannot be used to find accounts.
    res.status(202).json({
      message: 'If that address has an account waiting for verification, a new link is on its way.',
      position: result?.position ?? 0,
    });
  });

  router.post('/login', async (req, res) => {
    const { identifier, password } = parse(loginInput, req.body);
    const wait = await deps.loginLimiter.attempt(identifier, req.ip ?? 'unknown');
    if (wait !== undefined) {
      res.setHeader('Retry-After', String(wait));
      throw new HttpError(429, `Too many login attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`);
    }
    const userId = identifier.includes('@') ? await emailOwner(store, identifier) : await usernameOwner(store, identifier);
    if (!userId) {
      await verifyPassword(password, await decoyHash);
      throw new Rejected('unauthenticated', INVALID_LOGIN);
    }
    const { state } = await load(store, userStream(userId), user);
    const passwordMatches = state.status !== 'none' && (await verifyPassword(password, state.passwordHash));
    const events = logIn(state, { passwordMatches, now: deps.now().toISOString() });
    // Logins go to a stream of their own: the account's stream, which every command on the account replays,
    // stays as short as the account's real changes.
    const { position } = await store.append(loginStream(userId), withIds(commandContext(deps, req, res), events), 'any');
    await deps.loginLimiter.succeeded(identifier);
    if (state.status === 'none') throw new Rejected('unauthenticated', INVALID_LOGIN); // logIn refused it already
    const token = await tokens.session({ id: userId, name: state.profile.name, role: await deps.roleOf(userId) });
    res.json({ token, position });
  });

  return router;
}
