import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { userStream } from '../../../../events/streams.js';
import { Rejected } from '../../../../events/rejected.js';
import { currentUser, requireUser, RESET_PASSWORD_PURPOSE } from '../../../platform/auth.js';
import { HttpError, parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, load } from '../execute.js';
import { emailOwner, usernameOwner } from './claims.js';
import { changePassword, requestPasswordReset, resetPassword, RESET_LINK_INVALID } from './decide.js';
import { hashPassword, verifyPassword } from './password.js';
import { user, type User } from './user.js';

const newPassword = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(6, `${field} must be at least 6 characters`)
    .max(200, `${field} must be at most 200 characters`);

const changeInput = z
  .object({
    currentPassword: z.string({ error: 'currentPassword is required' }).min(1, 'currentPassword is required').max(200, 'currentPassword must be at most 200 characters'),
    newPassword: newPassword('newPassword'),
  })
  .strict();

const forgotInput = z
  .object({
    identifier: z.string({ error: 'identifier (e-mail or username) is required' }).trim().min(1, 'identifier (e-mail or username) is required').max(254, 'identifier must be at most 254 characters'),
  })
  .strict();

const resetInput = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(2000, 'token is too long'), password: newPassword('password') }).strict();

/** The id whose stream stands in for an account when forgot-password is asked for an identifier of none. */
const NO_ACCOUNT = 'no-account';

export const WRONG_PASSWORD = 'Your current password is not correct.';
const RESET_SENT = 'If that account exists, a link to choose a new password is on its way to its e-mail address. It works for one hour.';

/**
 * Checks the signed-in caller's password as a login would, counted by the login limits (a stolen token must not
 * become a way to guess the password): 429 past the budget, 400 for a wrong one.
 */
export async function confirmPassword(deps: CommandDeps, req: Request, res: Response, password: string) {
  const userId = currentUser(res).id;
  const ip = req.ip ?? 'unknown';
  const wait = await deps.loginLimiter.attempt(userId, ip);
  if (wait !== undefined) {
    res.setHeader('Retry-After', String(wait));
    throw new HttpError(429, `Too many password attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`);
  }
  const { state } = await load(deps.store, userStream(userId), user);
  if (state.status === 'none' || !(await verifyPassword(password, state.passwordHash))) throw new Rejected('invalid', WRONG_PASSWORD);
  await deps.loginLimiter.succeeded(userId, ip);
  return state;
}

/**
 * A new password, kept with every sign-in of the account ended: they end before the change is appended, so a crash
 * at any instant never leaves the new password set while a token issued before it still works (a crash between the
 * two leaves the old password and every device signed out), and again after it, for a login that raced the change
 * with the old password (login checks the password version once more after it starts a sign-in, signInRoutes.ts).
 */
async function withSignInsEnded(deps: CommandDeps, userId: string, change: () => Promise<{ position: number }>): Promise<number> {
  await deps.tokens.endSignIns(userId);
  const { position } = await change();
  await deps.tokens.endSignIns(userId);
  return position;
}

/** Changing the password while signed in, and resetting a forgotten one through a mailed link. */
export function passwordRoutes(deps: CommandDeps): Router {
  const router = Router();
  const { store, tokens } = deps;

  router.put('/password', requireUser(tokens), async (req, res) => {
    const { currentPassword, newPassword } = parse(changeInput, req.body);
    // The answer holds a session token, which is never kept for a replay.
    res.locals.noReplay = true;
    const state = await confirmPassword(deps, req, res, currentPassword);
    const passwordHash = await hashPassword(newPassword, deps.config.PASSWORD_HASH_LOG_N);
    const userId = currentUser(res).id;
    const position = await withSignInsEnded(deps, userId, () =>
      execute(commandContext(deps, req, res), userStream(userId), user, (current) => changePassword(current, { passwordHash, via: 'change' })),
    );
    // This device too was signed out: it goes on under a new sign-in, so no token issued before the change works.
    const signIn = await tokens.signIns.start(userId, req.get('user-agent') ?? '', new Date());
    const token = await tokens.session({ id: userId, name: state.profile.name, role: await deps.roleOf(userId) }, signIn.id);
    res.json({ message: 'Your password has been changed. Every other device has been signed out.', token, position });
  });

  router.post('/forgot-password', async (req, res) => {
    const { identifier } = parse(forgotInput, req.body);
    const userId = identifier.includes('@') ? await emailOwner(store, identifier) : await usernameOwner(store, identifier);
    // The same reads whether or not the identifier names an account (one of a stream that has no events otherwise).
    const { state } = await load(store, userStream(userId ?? NO_ACCOUNT), user);
    // Counted per address, whether or not it names an account (a username counts as the account's address).
    await deps.accountLimits.mailTo(state.status !== 'none' ? state.email : identifier, res);
    // One answer for every identifier, with nothing that moves with an account's activity; it goes out before the
    // link is recorded, so how long that takes tells nothing either. A crash in between loses the link, and the
    // person asks again.
    res.json({ message: RESET_SENT });
    if (userId) {
      await execute(commandContext(deps, req, res), userStream(userId), user, requestPasswordReset).catch((error: unknown) =>
        deps.log.error('a password reset link could not be recorded', error),
      );
    }
  });

  router.post('/reset-password', async (req, res) => {
    const { token, password } = parse(resetInput, req.body);
    const claims = await tokens.verifyPurposeClaims(RESET_PASSWORD_PURPOSE, token);
    const version = Number(claims?.v);
    if (!claims || !Number.isInteger(version)) throw new Rejected('invalid', RESET_LINK_INVALID);
    const passwordHash = await hashPassword(password, deps.config.PASSWORD_HASH_LOG_N);
    const ctx = commandContext(deps, req, res);
    const decide = (current: User) => resetPassword(current, { passwordHash, passwordVersion: version });
    // A link that is used or stale signs nobody out: it is refused before the sign-ins are touched.
    decide((await load(store, userStream(claims.sub), user)).state);
    const position = await withSignInsEnded(deps, claims.sub, () => execute(ctx, userStream(claims.sub), user, decide));
    res.json({ message: 'Your password has been changed. Log in with your new password.', position });
  });

  return router;
}
