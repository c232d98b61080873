import { newEvent, type AppNewEvent } from '../../../../events/catalog.js';
import { normalizeEmail } from '../../../../events/streams.js';
import { Rejected } from '../../../../events/rejected.js';
import { measurementOf } from './profile/api.js';
import type { ProfileFields } from '../../../../events/user.js';
import type { DeletionProgress } from './deletionProgress.js';
import type { Logins } from './logins.js';
import type { User } from './user.js';

/** A new account, in the profile's words (the route maps the sign-up form's fields to these). */
export interface SignUp {
  userId: string;
  email: string;
  username: string | null;
  /** The name, when one was given. */
  name: string | null;
  /** Everything else the profile holds; what sign-up does not ask is null. */
  profile: Omit<ProfileFields, 'name'>;
  passwordHash: string;
  now: string;
}

export function signUp(state: User, { userId, email: given, username, name, profile: asked, passwordHash, now }: SignUp): AppNewEvent[] {
  // The id is new per request (or derived from its Idempotency-Key): an existing account is this sign-up, retried.
  if (state.status !== 'none') return [];
  const email = normalizeEmail(given);
  // Sign-up has no name field: the username when given, else the part of the e-mail before the @.
  const profile: ProfileFields = { name: name ?? username ?? email.split('@')[0]!, ...asked };
  return [
    newEvent('UserSignedUp', { userId, email, username, passwordHash, ...profile }),
    newEvent('MeasurementRecorded', { userId, measuredAt: now, ...measurementOf(profile) }),
    newEvent('VerificationMailRequested', { userId, email }),
  ];
}

/** An unverified account holds its address this long; then someone else may sign up with it. */
export const CLAIM_HOLD_MS = 7 * 24 * 3600 * 1000;

/** Whether a new sign-up may take the address from this account: it was never verified and its hold is over. */
export const addressIsFree = (state: User, now: string) =>
  state.status === 'none' || (state.status === 'unverified' && Date.parse(now) - Date.parse(state.signedUpAt) >= CLAIM_HOLD_MS);

/**
 * How long a sign-up may take from its claims to its account: a claim whose account was never made (the process died
 * between the two appends) holds its value this long, then counts as void, and a new sign-up may take the value.
 */
export const UNFINISHED_SIGNUP_MS = 10 * 60 * 1000;

/** Whether a claim held by `holder` (its account's state) since `since` is void: no account came of it in time. */
export const claimIsVoid = (holder: User, since: string | null, now: string) =>
  holder.status === 'none' && since !== null && Date.parse(now) - Date.parse(since) >= UNFINISHED_SIGNUP_MS;

/**
 * A sign-up with the address of an existing account: the caller is answered as if it were new (so the answer does
 * not tell that the address has an account), and the owner gets a mail instead: the verification link again while
 * unverified, else a note that someone tried to sign up with it.
 */
export function signUpAgain(state: User): AppNewEvent[] {
  if (state.status === 'none') return [];
  if (state.status === 'unverified') return [newEvent('VerificationMailRequested', { userId: state.userId, email: state.email })];
  return [newEvent('ExistingAccountMailRequested', { userId: state.userId, email: state.email })];
}

export function verifyEmail(state: User): AppNewEvent[] {
  if (state.status === 'none') throw new Rejected('not_found', 'This verification link is invalid or has expired');
  if (state.status === 'verified') return [];
  return [newEvent('EmailVerified', { userId: state.userId })];
}

export function requestVerificationMail(state: User): AppNewEvent[] {
  if (state.status !== 'unverified') return [];
  return [newEvent('VerificationMailRequested', { userId: state.userId, email: state.email })];
}

export interface LogIn {
  passwordMatches: boolean;
  now: string;
}

export const INVALID_LOGIN = 'Invalid e-mail/username or password';
/** Shown to a person as is; the login page offers the new link beside it (POST /api/resend-verification). */
export const UNVERIFIED_LOGIN = 'Please verify your e-mail before logging in: open the link we sent you. No mail? Ask for a new verification link.';

export function logIn(state: User, { passwordMatches, now }: LogIn): AppNewEvent[] {
  if (state.status === 'none' || !passwordMatches) throw new Rejected('unauthenticated', INVALID_LOGIN);
  if (state.status === 'unverified') throw new Rejected('unverified', UNVERIFIED_LOGIN);
  return [newEvent('UserLoggedIn', { userId: state.userId, loggedInAt: now })];
}

export interface ShowUp {
  userId: string;
  now: string;
  /** The person's local date at `now`, in the zone of their profile. */
  day: string;
}

/**
 * A signed-in visit: the first of a local day is recorded, every later one that day appends nothing, so a visit
 * costs an append at most once a day. A day before the last one recorded (the person moved west) was counted
 * already, or is past.
 */
export function showUp(state: Logins, { userId, now, day }: ShowUp): AppNewEvent[] {
  if (state.lastShownUp !== null && day <= state.lastShownUp) return [];
  return [newEvent('UserShowedUp', { userId, day, shownUpAt: now })];
}

export interface GrantRole {
  role: number;
  grantedBy: string;
}

/**
 * The owner asks to delete the account (the route has checked the password and ended every sign-in). Asking again
 * while it is under way, or after, changes nothing: the deletion goes on where it stands.
 */
export function startDeletion(state: DeletionProgress, { now }: { now: string }): AppNewEvent[] {
  if (state.phase === 'none') throw new Rejected('not_found', 'No such user');
  if (state.phase !== 'active') return [];
  return [newEvent('AccountDeletionStarted', { userId: state.userId, startedAt: now })];
}

/** The last step of a deletion, once everything the account held is given back or destroyed. */
export function endDeletion(state: DeletionProgress, { now }: { now: string }): AppNewEvent[] {
  if (state.phase !== 'deleting') return [];
  return [newEvent('AccountDeleted', { userId: state.userId, deletedAt: now })];
}

export function grantRole(state: User, { role, grantedBy }: GrantRole): AppNewEvent[] {
  if (state.status === 'none') throw new Rejected('not_found', 'No such user');
  if (state.role === role) return [];
  return [newEvent('RoleGranted', { userId: state.userId, role, grantedBy })];
}

export interface ChangePassword {
  /** The new password, hashed. */
  passwordHash: string;
  via: 'change' | 'reset';
}

/** A new password for the account (the route has checked the current one, or the reset link). */
export function changePassword(state: User, { passwordHash, via }: ChangePassword): AppNewEvent[] {
  if (state.status === 'none') throw new Rejected('not_found', 'No such user');
  return [newEvent('PasswordChanged', { userId: state.userId, email: state.email, passwordHash, via })];
}

export const RESET_LINK_INVALID = 'This password reset link is invalid, used or expired. Ask for a new one.';

/**
 * A new password through a mailed link, good while the password is still the one it was sent for. Opening the link
 * proves the address too, so an account still waiting for verification is verified by it.
 */
export function resetPassword(state: User, { passwordHash, passwordVersion }: { passwordHash: string; passwordVersion: number }): AppNewEvent[] {
  if (state.status === 'none' || state.passwordVersion !== passwordVersion) throw new Rejected('invalid', RESET_LINK_INVALID);
  return [
    ...changePassword(state, { passwordHash, via: 'reset' }),
    ...(state.status === 'unverified' ? [newEvent('EmailVerified', { userId: state.userId })] : []),
  ];
}

/** A reset link for the account's address; nothing for an account the log does not know. */
export function requestPasswordReset(state: User): AppNewEvent[] {
  if (state.status === 'none') return [];
  return [newEvent('PasswordResetRequested', { userId: state.userId, email: state.email, passwordVersion: state.passwordVersion })];
}
