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
import { user } from './user.js';

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
    const { id: userId, sid } = currentUser(res);
    const { position } = await execute(commandContext(deps, req, res), userStream(userId), user, (current) => changePassword(current, { passwordHash, via: 'change' }));
    // Whoever else holds a token of this account (a stolen one, a forgotten device) is out; this device stays in.
    await tokens.endSignIns(userId, sid);
    const token = await tokens.session({ id: userId, name: state.profile.name, role: await deps.roleOf(userId) }, sid);
    res.json({ message: 'Your password has been changed. Every other device has been signed out.', token, position });
  });

  router.post('/forgot-password', async (req, res) => {
    const { identifier } = parse(forgotInput, req.body);
    const userId = identifier.includes('@') ? await emailOwner(store, identifier) : await usernameOwner(store, identifier);
    const { state } = userId ? await load(store, userStream(userId), user) : { state: undefined };
    // Counted per address, whether or not it names an account (a username counts as the account's address).
    await deps.accountLimits.mailTo(state && state.status !== 'none' ? state.email : identifier, res);
    if (userId) await execute(commandContext(deps, req, res), userStream(userId), user, requestPasswordReset);
    // One answer for every identifier, with nothing that moves with an account's activity.
    res.json({ message: RESET_SENT });
  });

  router.post('/reset-password', async (req, res) => {
    const { token, password } = parse(resetInput, req.body);
    const claims = await tokens.verifyPurposeClaims(RESET_PASSWORD_PURPOSE, token);
    const version = Number(claims?.v);
    if (!claims || !Number.isInteger(version)) throw new Rejected('invalid', RESET_LINK_INVALID);
    const passwordHash = await hashPassword(password, deps.config.PASSWORD_HASH_LOG_N);
    const { position } = await execute(commandContext(deps, req, res), userStream(claims.sub), user, (current) =>
      resetPassword(current, { passwordHash, passwordVersion: version }),
    );
    await tokens.endSignIns(claims.sub);
    res.json({ message: 'Your password has been changed. Log in with your new password.', position });
  });

  return router;
}
