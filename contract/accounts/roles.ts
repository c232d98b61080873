// The roles, once for the server and the web client: this file imports nothing, so the web build takes nothing
// else from the server with it.

/** The numeric roles a token and a profile carry: 1 signed in, 2 staff, 3 subscriber. */
export const ROLES = { user: 1, admin: 2, subscriber: 3 } as const;

/** Who passes a subscriber's guard: subscribers, and staff (docs/adr/0040-the-role-is-judged-as-held-now.md). */
export const SUBSCRIBER_ROLES = [ROLES.admin, ROLES.subscriber] as const;

/** Who passes a staff guard. */
export const ADMIN_ROLES = [ROLES.admin] as const;

/** Whether a role passes a staff guard (a route open to more people that lets staff do more). */
export const isStaffRole = (role: number | undefined) => role !== undefined && (ADMIN_ROLES as readonly number[]).includes(role);
