import { ACCOUNT_DELETED, CANCELLATION_REASONS, OTHER_WITHOUT_DETAILS } from './cancellationReasons.js';
import type { EventType } from './catalog.js';

/**
 * The personal fields of each event type: what says who a person is (e-mail, username, name, the password hash) and
 * what they wrote in their own words (profile texts, chat, tickets, exercise notes, a cancellation reason typed under
 * Other, the reminders that address them). The store writes these encrypted with a key of the event's subject and
 * forgets them by destroying that key (docs/decisions.md, "Accounts: sessions, passwords, erasure"). Everything else
 * (ids, dates, numbers, choices from fixed lists) stays readable: the analysts' counts and every replay rest on it.
 * A field is listed only where its schema is a plain (nullable) string, so a sealed value still fits the schema.
 */
export const PERSONAL_FIELDS: Partial<Record<EventType, readonly string[]>> = {
  UserSignedUp: ['email', 'username', 'name', 'passwordHash', 'primaryGoal', 'secondaryGoal', 'accessibilityNeeds', 'dietType', 'dietRestrictions'],
  ProfileUpdated: ['name', 'primaryGoal', 'secondaryGoal', 'accessibilityNeeds', 'dietType', 'dietRestrictions'],
  VerificationMailRequested: ['email'],
  ExistingAccountMailRequested: ['email'],
  PasswordChanged: ['email', 'passwordHash'],
  PasswordResetRequested: ['email'],
  EmailClaimed: ['email'],
  UsernameClaimed: ['username'],
  WaitlistJoined: ['email'],
  TicketSubmitted: ['description'],
  ChatQuestionAsked: ['message'],
  ChatAnswerGiven: ['message'],
  ExerciseLogged: ['notes'],
  ReminderSent: ['subject', 'text'],
  SubscriptionCancelled: ['reason'],
};

/** A listed value is the app's own text, not the person's: it stays readable (the analysts count reasons by it). */
const APP_TEXT: Partial<Record<EventType, ReadonlySet<string>>> = {
  SubscriptionCancelled: new Set<string>([...CANCELLATION_REASONS, OTHER_WITHOUT_DETAILS, ACCOUNT_DELETED]),
};

/** What a personal field reads as once its subject is forgotten. Non-empty, so every schema still accepts it. */
export const FORGOTTEN = '[deleted]';

/** Whether this value of this field is sealed (personal text), or left as written (null, or the app's own text). */
export const isPersonal = (type: string, value: unknown): value is string =>
  typeof value === 'string' && !APP_TEXT[type as EventType]?.has(value);

/**
 * Whose key seals an event's personal fields: the user it names (`data.userId`); a waitlist entry, made before any
 * account exists, is its own subject (its stream, named after the address).
 */
export function subjectOf(type: string, data: unknown, stream: string): string | undefined {
  if (!(type in PERSONAL_FIELDS)) return undefined;
  if (type === 'WaitlistJoined') return stream;
  const userId = (data as { userId?: unknown }).userId;
  return typeof userId === 'string' ? `user:${userId}` : undefined;
}

/** The subject whose key holds a user's personal fields. */
export const userSubject = (userId: string) => `user:${userId}`;
