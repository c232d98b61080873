import type { TokenClaims } from './token';

/** Staff (role 2) pass the subscriber guards too (DESIGN §6). */
export const SUBSCRIBER_ROLES = [2, 3];
export const ADMIN_ROLE = 2;

export const isSubscriberRole = (role: number | undefined) => role !== undefined && SUBSCRIBER_ROLES.includes(role);

export type Access = 'user' | 'subscriber';

/**
 * Where every "subscribe" way leads: the profile's plan cards, not the top of a long profile (issue 21). The
 * profile's sections scroll into view by the hash once they are drawn (useScrollToHash).
 */
export const SUBSCRIBE_PATH = '/prof#subscription';

/**
 * Where a guarded page sends someone (spec §4), or undefined to let them in: no valid token goes to /home, a
 * subscriber page sends anyone whose role is not 3 (or staff) to the profile's plan cards.
 */
export function guardRedirect(access: Access, claims: Pick<TokenClaims, 'role'> | undefined): '/home' | typeof SUBSCRIBE_PATH | undefined {
  if (!claims) return '/home';
  if (access === 'subscriber' && !isSubscriberRole(claims.role)) return SUBSCRIBE_PATH;
  return undefined;
}
