import { FORGOTTEN, userSubject } from '../../../../events/personal.js';
import { userStream } from '../../../../events/streams.js';
import type { CommandDeps } from '../context.js';
import { execute, load, type CommandContext } from '../execute.js';
import { releaseEmail, releaseUsername } from './claims.js';
import { endDeletion } from './decide.js';
import { deletionProgress } from './deletionProgress.js';

/**
 * Everything a deletion does after AccountDeletionStarted, each step idempotent, so running it again from the top
 * (the route retried, the start-up sweep after a crash) finishes what a crash left half done and repeats nothing:
 * every sign-in ends (again: a login that raced the start ends here), the subscription is cancelled (at Stripe
 * first), the tickets and the waitlist entry are withdrawn, the e-mail and username are given back, the address's
 * rate counts are dropped, the keys of the person's personal fields are destroyed with the records of their
 * requests, and last AccountDeleted closes the deletion. Every step that needs the address comes before the keys
 * go: an address that reads as FORGOTTEN means they are all done. Returns the position of the account's stream.
 */
export async function finishDeletion(deps: CommandDeps, ctx: CommandContext, userId: string, now: string): Promise<number> {
  const { state, position } = await load(deps.store, userStream(userId), deletionProgress);
  if (state.phase !== 'deleting') return position;
  await deps.tokens.endSignIns(userId);
  if (state.email !== FORGOTTEN) {
    for (const step of deps.deletionSteps) await step.first?.(deps, ctx, userId, now);
    for (const step of deps.deletionSteps) await step.withAddress?.(ctx, { userId, email: state.email }, now);
    await releaseEmail(ctx, state.email, userId);
    if (state.username) await releaseUsername(ctx, state.username, userId);
    await deps.accountLimits.forget(state.email);
    // The other capabilities' keys for the address before the person's, in calls of their own (a store may destroy
    // the keys of one call in any order, and not at once): once the person's key is gone the address reads as
    // FORGOTTEN, and nothing that needs it may be left.
    for (const step of deps.deletionSteps) for (const subject of step.subjectsOf?.(state.email) ?? []) await deps.store.forget([subject], userId);
    await deps.store.forget([userSubject(userId)], userId);
  }
  return (await execute(ctx, userStream(userId), deletionProgress, (progress) => endDeletion(progress, { now }))).position;
}

/** Events read per call while looking for deletions left unfinished. */
const PAGE = 2_000;

/**
 * The start-up sweep: every deletion the log shows started and not ended (the process that ran it died) is finished.
 * It reads only the two event types, so it works on any store (EventStoreDB filters $all by type the same way).
 */
export async function resumeDeletions(deps: CommandDeps): Promise<string[]> {
  const open = new Set<string>();
  for (let after = 0; ; ) {
    const page = await deps.store.readAll(after, PAGE, ['AccountDeletionStarted', 'AccountDeleted']);
    if (page.length === 0) break;
    for (const event of page) {
      const { userId } = event.data as { userId: string };
      if (event.type === 'AccountDeletionStarted') open.add(userId);
      else open.delete(userId);
    }
    after = page[page.length - 1]!.position;
  }
  for (const userId of open) {
    const now = deps.now().toISOString();
    await finishDeletion(deps, { store: deps.store, metadata: { userId, at: now } }, userId, now);
  }
  return [...open];
}
