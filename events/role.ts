import { ROLES } from '../contract/accounts/roles.js';

/**
 * The role a user holds, from the two facts that make it: the role last granted on the user stream (sign-up's 1,
 * or `npm run admin`'s grant) and whether the subscription stream has an active subscription. Staff stay staff
 * whatever their subscription does; a grant of 3 (an admin's comp) is a subscriber without paying. The write side
 * (`roleFromLog`) and the read side (the `profiles` projection) both ask this one function.
 */
export function effectiveRole(grantedRole: number, subscribed: boolean): number {
  if (grantedRole === ROLES.admin) return ROLES.admin;
  return subscribed ? ROLES.subscriber : grantedRole;
}
