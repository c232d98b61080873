import { effectiveRole } from '../../../../events/role.js';
import { subscriptionStream, userStream } from '../../../../events/streams.js';
import type { EventStore } from '../../../../events/store/port.js';
import type { RoleLookup } from '../../../platform/auth.js';
import { load } from '../execute.js';
import { subscription } from '../subscription/subscription.js';
import { user } from './user.js';

/** The role a user holds now, folded from the user and subscription streams (the write side never reads a read model). */
export const roleFromLog =
  (store: EventStore): RoleLookup =>
  async (userId) => {
    const [account, plan] = await Promise.all([load(store, userStream(userId), user), load(store, subscriptionStream(userId), subscription)]);
    return account.state.status === 'none' ? 0 : effectiveRole(account.state.role, plan.state.active !== null);
  };
