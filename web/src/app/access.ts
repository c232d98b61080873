import type { TokenClaims } from './token';

/** Staff (role 2) pass the subscriber guards too (docs/decisions.md). */
export const SUBSCRIBER_ROLES = [2, 3];
export const ADMIN_ROLE = 2;

export const isSubscriberRole = (role: number | undefined) => role !== undefined && SUBSCRIBER_ROLES.includes(role);

export type Access = 'user' | 'subscriber';

/**
 * Where a guarded page sends someone (docs/product.md#how-things-change), or undefined to let them in: no valid token goes to /home, a
 * subscriber page sends anyone whose role is not 3 (or staff) to /prof.
 */
export function guardRedirect(access: Access, claims: Pick<TokenClaims, 'role'> | undefined): '/home' | '/prof' | undefined {
  if (!claims) return '/home';
  if (access === 'subscriber' && !isSubscriberRole(claims.role)) return '/prof';
  return undefined;
}
