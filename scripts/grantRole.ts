import { userStream } from '../events/streams.js';
import type { EventStore } from '../events/store/port.js';
import { grantRole } from '../services/command/src/accounts/decide.js';
import { emailOwner } from '../services/command/src/accounts/claims.js';
import { user } from '../services/command/src/accounts/user.js';
import { execute } from '../services/command/src/execute.js';

/** Appends RoleGranted for a user id; returns the position to wait for. */
export async function appendRoleGranted(store: EventStore, userId: string, role: number, grantedBy: string): Promise<number> {
  const ctx = { store, metadata: { correlationId: `admin-${Date.now()}`, at: new Date().toISOString() } };
  const { position } = await execute(ctx, userStream(userId), user, (state) => grantRole(state, { role, grantedBy }));
  return position;
}

export async function grantRoleByEmail(store: EventStore, email: string, role: number, grantedBy: string) {
  const userId = await emailOwner(store, email);
  if (!userId) throw new Error(`no account with the e-mail ${email}`);
  return { userId, position: await appendRoleGranted(store, userId, role, grantedBy) };
}
