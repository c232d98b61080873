import { Router } from 'express';
import { z } from 'zod';
import { loginStream, userStream } from '../../../../events/streams.js';
import { HttpError, parse } from '../../../platform/http.js';
import { Rejected } from '../../../../events/rejected.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, load, newId, withIds } from '../execute.js';
import { claimEmail, claimUsername, emailOwner, releaseEmail, releaseUsername, USERNAME_TAKEN, usernameClaim, usernameOwner } from './claims.js';
import { addressIsFree, claimIsVoid, INVALID_LOGIN, logIn, requestVerificationMail, signUp, signUpAgain, verifyEmail } from './decide.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import { newAccountOf, signupInput } from './signupInput.js';
import { user } from './user.js';

const loginInput = z
  .object({
    identifier: z.string({ error: 'identifier (e-mail or username) is required' }).trim().min(1, 'identifier (e-mail or username) is required').max(254, 'identifier must be at most 254 characters'),
    password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200, 'password must be at most 200 characters'),
  })
  .strict();

const resendInput = z.object({ email: z.string({ error: 'email is required' }).trim().pipe(z.email('email must be a valid e-mail address')) }).strict();

const SIGNED_UP = 'Account created. Check your e-mail for the link to verify your address, then log in.';

export function accountRoutes(deps: CommandDeps): Router {
  const router = Router();
  const { store, tokens } = deps;

  router.post('/signup-email', async (req, res) => {
    const input = parse(signupInput, req.body);
    await deps.accountLimits.signUp(req.ip, res);
    await deps.accountLimits.mailTo(input.email, res);
    const ctx = commandContext(deps, req, res);
    const userId = newId(ctx, 'user');
    const now = deps.now().toISOString();
    // Usernames are public (they show on shared plans), so a taken one is said plainly; an address is not.
    const username = input.username ? await usernameClaim(store, input.username) : null;
    if (input.username && username?.owner && username.owner !== userId) {
      // A sign-up that died between its claims and its account left the name held by no one: void after a while.
      const { state: holder } = await load(store, userStream(username.owner), user);
      if (!claimIsVoid(holder, username.since, now)) throw new Rejected('conflict', USERNAME_TAKEN);
      await releaseUsername(ctx, input.username, username.owner);
    }
    // Hashed whatever follows, so a taken address takes as long to answer as a new one.
    const passwordHash = await hashPassword(input.password, deps.config.PASSWORD_HASH_LOG_N);
    const holder = await emailOwner(store, input.email);
    if (holder && holder !== userId) {
      const { state } = await load(store, userStream(holder), user);
      if (!addressIsFree(state, now)) {
        const { position } = await execute(ctx, userStream(holder), user, signUpAgain);
        return void res.status(201).json({ message: SIGNED_UP, position });
      }
      // An account never verified within its hold gives the address up, so nobody can squat someone else's.
      await releaseEmail(ctx, input.email, holder);
    }
    await claimEmail(ctx, input.email, userId);
    try {
      if (input.username) await claimUsername(ctx, input.username, userId);
    } catch (error) {
      await releaseEmail(ctx, input.email, userId);
      throw error;
    }
    const { position } = await execute(ctx, userStream(userId), user, (state) => signUp(state, { userId, ...newAccountOf(input), passwordHash, now }));
    res.status(201).json({ message: SIGNED_UP, position });
  });

  router.get('/verify-email', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const userId = token ? await tokens.verifyPurpose('verify-email', token) : undefined;
    const { state } = userId ? await load(store, userStream(userId), user) : { state: undefined };
    // A link of an account that gave its address up (never verified, see addressIsFree) verifies nothing.
    const holdsAddress = state && state.status !== 'none' && (await emailOwner(store, state.email)) === userId;
    if (!userId || !holdsAddress) throw new HttpError(400, 'This verification link is invalid or has expired. Log in to ask for a new one.');
    await execute(commandContext(deps, req, res), userStream(userId), user, verifyEmail);
    // The link's first use signs its holder in (docs/adr/0370-verifying-the-e-mail-signs-you-in.md): the session goes
    // in the fragment, which no server and no Referer sees, and the page takes it out of the address at once. A link
    // used again verifies nothing new and signs nobody in.
    if (state.status !== 'unverified') return res.redirect(302, '/verification-success');
    const signIn = await tokens.signIns.start(userId, req.get('user-agent') ?? '', new Date());
    const session = await tokens.session({ id: userId, name: state.profile.name, role: await deps.roleOf(userId) }, signIn.id);
    res.redirect(302, `/verification-success#token=${encodeURIComponent(session)}`);
  });

  router.post('/resend-verification', async (req, res) => {
    const { email } = parse(resendInput, req.body);
    await deps.accountLimits.mailTo(email, res);
    const userId = await emailOwner(store, email);
    if (userId) await execute(commandContext(deps, req, res), userStream(userId), user, requestVerificationMail);
    // One answer for every address, with nothing in it that moves with an account's activity (no log position).
    res.status(202).json({ message: 'If that address has an account waiting for verification, a new link is on its way.' });
  });

  router.post('/login', async (req, res) => {
    const { identifier, password } = parse(loginInput, req.body);
    // The answer carries a session token, which is not kept in the idempotency record.
    res.locals.noReplay = true;
    const userId = identifier.includes('@') ? await emailOwner(store, identifier) : await usernameOwner(store, identifier);
    // Tries count per account, whichever of its names is typed; an unknown name counts on its own.
    const account = userId ?? `unknown:${identifier.toLowerCase()}`;
    const ip = req.ip ?? 'unknown';
    const wait = await deps.loginLimiter.attempt(account, ip);
    if (wait !== undefined) {
      res.setHeader('Retry-After', String(wait));
      throw new HttpError(429, `Too many login attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`);
    }
    if (!userId) {
      await verifyPassword(password, await decoyHash(deps.config.PASSWORD_HASH_LOG_N));
      throw new Rejected('unauthenticated', INVALID_LOGIN);
    }
    const { state } = await load(store, userStream(userId), user);
    const passwordMatches = state.status !== 'none' && (await verifyPassword(password, state.passwordHash));
    const events = logIn(state, { passwordMatches, now: deps.now().toISOString() });
    // The request carries no token yet, but a login that got this far (logIn refuses a wrong password) is the
    // account holder's own request: the log records it as theirs, and the analysts count it as their activity.
    const ctx = commandContext(deps, req, res);
    const recorded = withIds({ ...ctx, metadata: { ...ctx.metadata, userId } }, events);
    // Logins go to a stream of their own: the account's stream, which every command on the account replays,
    // stays as short as the account's real changes.
    const { position } = await store.append(loginStream(userId), recorded, 'any');
    await deps.loginLimiter.succeeded(account, ip);
    if (state.status === 'none') throw new Rejected('unauthenticated', INVALID_LOGIN); // logIn refused it already
    const signIn = await tokens.signIns.start(userId, req.get('user-agent') ?? '', new Date());
    // A password change, reset or deletion that ended every sign-in while this login checked the old password must
    // not leave this one behind: the account is read again now that the sign-in exists, and the sign-in ends unless
    // the password is still the one checked.
    const after = (await load(store, userStream(userId), user)).state;
    if (after.status === 'none' || after.passwordVersion !== state.passwordVersion) {
      await tokens.endSignIn(userId, signIn.id);
      throw new Rejected('unauthenticated', INVALID_LOGIN);
    }
    const token = await tokens.session({ id: userId, name: state.profile.name, role: await deps.roleOf(userId) }, signIn.id);
    res.json({ token, position });
  });

  return router;
}
