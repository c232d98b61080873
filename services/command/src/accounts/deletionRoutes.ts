import { Router } from 'express';
import { z } from 'zod';
import { userSubject } from '../../../../events/personal.js';
import { userStream } from '../../../../events/streams.js';
import { currentUser, requireUser } from '../../../platform/auth.js';
import { parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute } from '../execute.js';
import { cancelBeforeDeletion } from '../subscription/api.js';
import { withdrawTicketsOf } from '../tickets/api.js';
import { leaveWaitlistWith, waitlistSubject } from '../waitlist/api.js';
import { emailOwner, releaseEmail, releaseUsername } from './claims.js';
import { deleteAccount } from './decide.js';
import { confirmPassword } from './passwordRoutes.js';
import { user } from './user.js';

const deleteInput = z.object({ password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200, 'password must be at most 200 characters') }).strict();

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted, and everything personal in it with it. Goodbye, and thank you for training with us.';

/**
 * DELETE /api/account {password}: the account and everything personal in it (docs/decisions.md, "Accounts:
 * sessions, passwords, erasure"). In this order, so that a failure half-way leaves an account that can try again:
 * the subscription is cancelled (at Stripe first), the user's tickets and waitlist entry are withdrawn, the e-mail and
 * username are given back, the account ends (AccountDeleted), every sign-in ends, and last the keys of the person's
 * personal fields are destroyed, with the records of their requests. The workers then drop their mails from the
 * outbox and truncate the SQLite WAL once the read models have forgotten them.
 */
export function deletionRoutes(deps: CommandDeps): Router {
  const router = Router();
  const { store, tokens } = deps;

  router.delete('/account', requireUser(tokens), async (req, res) => {
    const { password } = parse(deleteInput, req.body);
    // Nothing of this request is kept for a replay: its record would name the person.
    res.locals.noReplay = true;
    const account = await confirmPassword(deps, req, res, password);
    const userId = currentUser(res).id;
    const now = deps.now().toISOString();
    const ctx = commandContext(deps, req, res);
    await cancelBeforeDeletion(deps, ctx, userId, now);
    await withdrawTicketsOf(ctx, userId, now);
    await leaveWaitlistWith(ctx, account.email, now);
    // An address this account lost (never verified, taken by a later sign-up) is someone else's now: left alone.
    if ((await emailOwner(store, account.email)) === userId) await releaseEmail(ctx, account.email, userId);
    if (account.username) await releaseUsername(ctx, account.username, userId);
    const { position } = await execute(ctx, userStream(userId), user, (state) => deleteAccount(state, { now }));
    await tokens.endSignIns(userId);
    await store.forget([userSubject(userId), waitlistSubject(account.email)], userId);
    await deps.accountLimits.forget(account.email);
    res.json({ message: ACCOUNT_DELETED_MESSAGE, position });
  });

  return router;
}
