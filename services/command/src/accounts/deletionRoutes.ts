import { Router } from 'express';
import { z } from 'zod';
import { userStream } from '../../../../events/streams.js';
import { currentUser, requireSignedToken } from '../../../platform/auth.js';
import { parse, unauthorized } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, load } from '../execute.js';
import { startDeletion } from './decide.js';
import { finishDeletion } from './deletion.js';
import { deletionProgress } from './deletionProgress.js';
import { confirmPassword } from './passwordRoutes.js';

const deleteInput = z.object({ password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200, 'password must be at most 200 characters') }).strict();

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted, and everything personal in it with it. Goodbye, and thank you for training with us.';

/**
 * DELETE /api/account {password}: the account and everything personal in it
 * (docs/adr/0208-deleting-an-account-is-a-process-that-resumes.md). The subscription is cancelled (at Stripe first),
 * every sign-in ends, then AccountDeletionStarted records the decision, then `finishDeletion` does the rest
 * (deletion.ts), so a crash at any instant leaves no token that works and a deletion that the workers, the start-up
 * sweep or the same request retried finishes. The retry carries a token whose sign-in has ended: it is answered for a
 * deletion it started, and refused for anything else.
 */
export function deletionRoutes(deps: CommandDeps): Router {
  const router = Router();
  const { store, tokens } = deps;

  router.delete('/account', requireSignedToken(tokens), async (req, res) => {
    const userId = currentUser(res).id;
    const { state } = await load(store, userStream(userId), deletionProgress);
    const begun = state.phase === 'deleting' || state.phase === 'deleted';
    if (!begun && res.locals.signInEnded === true) throw unauthorized('Invalid or expired token: sign in again');
    const { password } = parse(deleteInput, req.body);
    // Nothing of this request is kept for a replay: its record would name the person.
    res.locals.noReplay = true;
    const now = deps.now().toISOString();
    const ctx = commandContext(deps, req, res);
    if (!begun) {
      await confirmPassword(deps, req, res, password);
      // Before anything that cannot be taken back: a payment provider that fails stops the deletion here, with the
      // account as it was (finishDeletion cancels again, for a subscription that began meanwhile).
      for (const step of deps.deletionSteps) await step.first?.(deps, ctx, userId, now);
      await tokens.endSignIns(userId);
      await execute(ctx, userStream(userId), deletionProgress, (progress) => startDeletion(progress, { now }));
    }
    const position = await finishDeletion(deps, ctx, userId, now);
    res.json({ message: ACCOUNT_DELETED_MESSAGE, position });
  });

  return router;
}
