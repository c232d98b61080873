import { effectiveRole } from '../../../events/role.js';
import { subscriptionStream, userStream } from '../../../events/streams.js';
import type { EventStore } from '../../../events/store/port.js';
import type { RoleLookup } from '../../platform/auth.js';
import { load } from './execute.js';
import { subscription, type Subscription } from './billing/api.js';
import { user, type User } from './accounts/api.js';

/** The role of an account, from its user (accounts) and subscription (billing) streams' folds; 0 for an account the log does not know. */
export const accountRole = (account: User, plan: Subscription): number => (account.status === 'none' ? 0 : effectiveRole(account.role, plan.active !== null));

/** The role a user holds now, folded from the user and subscription streams (the write side never reads a read model). */
export const roleFromLog =
  (store: EventStore): RoleLookup =>
  async (userId) => {
    const [account, plan] = await Promise.all([load(store, userStream(userId), user), load(store, subscriptionStream(userId), subscription)]);
    return accountRole(account.state, plan.state);
  };
