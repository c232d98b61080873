import { userStream } from '../../../../events/streams.js';
import type { EventStore } from '../../../../events/store/port.js';
import type { RoleLookup } from '../../../platform/auth.js';
import { load } from '../execute.js';
import { user } from './user.js';

/** The role a user holds now, folded from the log (the write side never reads a read model). */
export const roleFromLog =
  (store: EventStore): RoleLookup =>
  async (userId) => {
    const { state } = await load(store, userStream(userId), user);
    return state.status === 'none' ? 0 : state.role;
  };
