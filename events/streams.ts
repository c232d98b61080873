import { createHash } from 'node:crypto';

/** One helper per stream, so no stream name is ever spelled twice. */
export const userStream = (userId: string) => `user-${userId}`;
/** Every successful login of one user (kept apart so the account's own stream stays short). */
export const loginStream = (userId: string) => `logins-${userId}`;
export const emailClaimStream = (email: string) => `email-${hashOf(normalizeEmail(email))}`;
/** Named by a hash, like the e-mail's: a stream name is never forgotten, so it must not spell the username. */
export const usernameClaimStream = (username: string) => `username-${hashOf(username.toLowerCase())}`;
/** Where a username was claimed before claims were hashed (the username itself): such a claim still counts. */
export const legacyUsernameClaimStream = (username: string) => `username-${username.toLowerCase()}`;
export const regimenStream = (regimenId: string) => `regimen-${regimenId}`;
export const mealPlanStream = (mealPlanId: string) => `mealplan-${mealPlanId}`;
/** What one user ate, food by food (the food log). */
export const foodLogStream = (userId: string) => `foodlog-${userId}`;
export const sessionStream = (sessionId: string) => `session-${sessionId}`;
/** The user's own exercises: those named in the app, and their merges into others and the undoing of them. */
export const ownExercisesStream = (userId: string) => `exercises-${userId}`;
/** The user's imports of other apps' exports: each one's start (and file hash), completion and undo. */
export const importsStream = (userId: string) => `imports-${userId}`;
/** One import's workouts, in batches. */
export const importStream = (importId: string) => `import-${importId}`;
/** The user's workout roster: primary regimen, deleted regimens, the one active-session slot. */
export const workoutRosterStream = (userId: string) => `workouts-${userId}`;
/**
 * The user's meal plan roster (primary meal plan, deleted meal plans): the user's own stream, where these facts
 * have always been written, so the ones already in the log keep counting.
 */
export const mealPlanRosterStream = (userId: string) => userStream(userId);
export const ticketStream = (ticketId: string) => `ticket-${ticketId}`;
export const chatStream = (userId: string) => `chat-${userId}`;
export const subscriptionStream = (userId: string) => `subscription-${userId}`;
export const waitlistStream = (email: string) => `waitlist-${hashOf(normalizeEmail(email))}`;
/** The daily reminders sent to one user. */
export const reminderStream = (userId: string) => `reminders-${userId}`;
/** The devices of one user that take Web Push. */
export const pushStream = (userId: string) => `push-${userId}`;
export const metricsStream = (day: string) => `metrics-${day}`;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const hashOf = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
