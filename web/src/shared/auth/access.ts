import { ROLES, SUBSCRIBER_ROLES } from '../../../../contract/accounts/roles';
import type { TokenClaims } from './token';

export const ADMIN_ROLE = ROLES.admin;

export const isSubscriberRole = (role: number | undefined) => role !== undefined && (SUBSCRIBER_ROLES as readonly number[]).includes(role);

export type Access = 'user' | 'subscriber';

/**
 * Where every "subscribe" way leads: the profile's plan cards, not the top of a long profile. The
 * profile's sections scroll into view by the hash once they are drawn (useScrollToHash).
 */
export const SUBSCRIBE_PATH = '/prof#subscription';

/**
 * Where a guarded page sends someone (docs/product.md#how-things-change), or undefined to let them in: no valid token goes to /home, a
 * subscriber page sends anyone whose role is not 3 (or staff) to the profile's plan cards.
 */
export function guardRedirect(access: Access, claims: Pick<TokenClaims, 'role'> | undefined): '/home' | typeof SUBSCRIBE_PATH | undefined {
  if (!claims) return '/home';
  if (access === 'subscriber' && !isSubscriberRole(claims.role)) return SUBSCRIBE_PATH;
  return undefined;
}
