import { ACCOUNT_DELETED, CANCELLATION_REASONS, OTHER_WITHOUT_DETAILS } from '../contract/billing/cancellationReasons.js';
import type { EventType } from './catalog.js';

/**
 * The personal fields of each event type: what says who a person is (e-mail, username, name, the password hash) and
 * everything they, a file they imported or the trainer on their behalf wrote in words (profile texts, chat, tickets,
 * notes, a cancellation reason typed under Other, plan names, descriptions and days, the exercises and workouts of a
 * plan, a set or an import, an import's file name, where they heard of the waitlist, the reminders that address
 * them, the push endpoints of their devices). The store writes these encrypted with a key of the event's subject and forgets them by destroying that key
 * (events/store/shredding.ts). Everything else (ids, dates, numbers, choices from fixed lists) stays readable: the
 * analysts' counts and every replay rest on it.
 *
 * A field is a path: `name`, or through arrays `days[].exercises[].name` (every element). What is at the path is
 * sealed whole when it is a string or an object (`plan`); null and absent values stay as they are. Once forgotten a
 * string reads as FORGOTTEN, an object as `{}`, each of which every listed field's schema accepts.
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
  WaitlistJoined: ['email', 'source'],
  TicketSubmitted: ['description'],
  TicketReplied: ['message'],
  ChatQuestionAsked: ['message'],
  ChatAnswerGiven: ['message'],
  ChatPlanOffered: ['name', 'plan'],
  /** Why an answer failed may quote an offered plan and what the person told the trainer (coach/guard.ts). */
  ChatAnswerFailed: ['reason'],
  'RegimenSaved.v2': ['name', 'description', 'goal', 'level', 'days[].summary', 'days[].exercises[].name', 'days[].exercises[].reps', 'days[].exercises[].why'],
  RegimenListed: ['name'],
  RegimenExerciseSwapped: ['replaced', 'name'],
  MealPlanSaved: ['name', 'description', 'dietType', 'meals[].name', 'meals[].allergens'],
  MealPlanListed: ['name'],
  MealLogged: ['name'],
  FoodLogged: ['name', 'portion'],
  ExerciseLogged: ['name', 'notes'],
  SetLogged: ['exercise', 'exerciseName'],
  SetDeleted: ['exercise'],
  CustomExerciseNamed: ['exercise'],
  CustomExerciseMerged: ['exercise', 'into'],
  CustomExerciseSplit: ['exercise'],
  ImportStarted: ['fileName'],
  WorkoutsImported: ['workouts[].name', 'workouts[].notes', 'workouts[].sets[].exercise', 'workouts[].sets[].exerciseName', 'workouts[].sets[].givenName', 'workouts[].sets[].notes'],
  ReminderSent: ['subject', 'text'],
  PushSubscribed: ['endpoint', 'p256dh', 'auth'],
  SubscriptionCancelled: ['reason'],
};

/**
 * Types no longer appended whose events in older logs hold personal fields at the paths of their successor's (the
 * upcast of events/catalog.ts keeps them there): an erasure rewrites those still in plain text.
 */
export const RETIRED_PERSONAL_TYPES: Record<string, EventType> = { RegimenSaved: 'RegimenSaved.v2' };

/**
 * Personal fields that readers compare or count by: an exercise's identity key or the name a plan gave it, a plan's
 * name. Once forgotten each reads as a stand-in of its own (FORGOTTEN, a space and a keyed hash of the value, made
 * when sealed), the same for the same value of one subject and different for different ones, so what is counted by
 * them (the distinct exercises of a session, what counts as a workout, a plan saved from a chat offer, the names a
 * roster keeps distinct) is the same after a replay as before.
 */
export const DISTINCT_WHEN_FORGOTTEN: Partial<Record<EventType, ReadonlySet<string>>> = {
  ExerciseLogged: new Set(['name']),
  ChatPlanOffered: new Set(['name']),
  'RegimenSaved.v2': new Set(['name']),
  RegimenListed: new Set(['name']),
  MealPlanSaved: new Set(['name']),
  MealPlanListed: new Set(['name']),
  SetLogged: new Set(['exercise']),
  SetDeleted: new Set(['exercise']),
  CustomExerciseNamed: new Set(['exercise']),
  CustomExerciseMerged: new Set(['exercise', 'into']),
  CustomExerciseSplit: new Set(['exercise']),
  WorkoutsImported: new Set(['workouts[].sets[].exercise']),
};

/** A listed value is the app's own text, not the person's: it stays readable (the analysts count reasons by it). */
const APP_TEXT: Partial<Record<EventType, ReadonlySet<string>>> = {
  SubscriptionCancelled: new Set<string>([...CANCELLATION_REASONS, OTHER_WITHOUT_DETAILS, ACCOUNT_DELETED]),
};

/** What a personal text reads as once its subject is forgotten. Non-empty, so every schema still accepts it. */
export const FORGOTTEN = '[deleted]';

/** Whether this value of this field is sealed (personal text), or left as written (null, or the app's own text). */
export const isPersonal = (type: string, value: unknown): value is string | object =>
  (typeof value === 'string' && !APP_TEXT[type as EventType]?.has(value)) || (typeof value === 'object' && value !== null);

/** The types whose subject is their stream (named after the address), not the user they name. */
export const SUBJECT_IS_STREAM: ReadonlySet<string> = new Set<EventType>(['WaitlistJoined']);

/**
 * Whose key seals an event's personal fields: the user it names (`data.userId`); a waitlist entry, made before any
 * account exists, is its own subject (its stream, named after the address).
 */
export function subjectOf(type: string, data: unknown, stream: string): string | undefined {
  if (!(type in PERSONAL_FIELDS)) return undefined;
  if (SUBJECT_IS_STREAM.has(type)) return stream;
  const userId = (data as { userId?: unknown }).userId;
  return typeof userId === 'string' ? `user:${userId}` : undefined;
}

/** The subject whose key holds a user's personal fields. */
export const userSubject = (userId: string) => `user:${userId}`;
