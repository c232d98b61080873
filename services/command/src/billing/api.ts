import { ACCOUNT_DELETED } from '../../../../contract/billing/cancellationReasons.js';
import { subscriptionStream } from '../../../../events/streams.js';
import type { CommandDeps } from '../context.js';
import { execute, load, type CommandContext } from '../execute.js';
import { cancelSubscription } from './decide.js';
import { paymentsFor } from './payments/index.js';
import { subscription } from './subscription.js';

/** A user's subscriptions as their stream has them (the account's role is judged from it). */
export { subscription, type Subscription } from './subscription.js';

/**
 * Cancels the user's active subscription, at Stripe first (as the cancel page does), before the account is deleted;
 * nothing when there is none. A failure at Stripe stops the deletion, so nobody is charged for an account that is gone.
 */
export async function cancelBeforeDeletion(deps: CommandDeps, ctx: CommandContext, userId: string, now: string): Promise<void> {
  const { state } = await load(deps.store, subscriptionStream(userId), subscription);
  if (!state.active) return;
  await paymentsFor(deps.config, deps.log).cancelSubscription(state.active.stripeSubscriptionId);
  await execute(ctx, subscriptionStream(userId), subscription, (current) => (current.active ? cancelSubscription(current, { userId, reason: ACCOUNT_DELETED, now }) : []));
}
