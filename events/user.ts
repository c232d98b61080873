import { z } from 'zod';
import { amount, BODY, calendarDate, instant, whole } from './bounds.js';

/** The options lists the spec fixes for sign-up and the profile form (docs/product.md#what-input-is-accepted). */
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const ACTIVITY_LEVELS = [
  'Not very active',
  'Moderately exercise',
  'Already working out a few days a week',
  'Very active',
] as const;
export const HELP_PREFERENCES = [
  'Daily workout plans',
  'Meal suggestions',
  'Motivation check-ins',
  'Progress tracking',
  'Gentle reminders',
] as const;
/** Where the person trains, which decides what equipment a plan may use: a gym, home with dumbbells, body weight only. */
export const EQUIPMENT = ['gym', 'dumbbells', 'bodyweight'] as const;
export type EquipmentChoice = (typeof EQUIPMENT)[number];
/** How weights are shown and typed (kept in lb everywhere else). One field for every screen that shows a weight. */
export const UNITS = ['lb', 'kg'] as const;
export type Units = (typeof UNITS)[number];

const gender = z.enum(GENDERS);
const activityLevel = z.enum(ACTIVITY_LEVELS);
const helpPreference = z.enum(HELP_PREFERENCES);
/** The forms take a body weight from 1 lb; the log bounds its magnitude only. */
const weightLb = amount(0, BODY.weightLb[1]);
const percent = amount(...BODY.percent);

/** Everything the profile holds; each field null when the user left it empty. */
export const profileFields = z.object({
  name: z.string(),
  age: whole(...BODY.age).nullable(),
  gender,
  heightIn: amount(...BODY.heightIn).nullable(),
  weightLb: weightLb.nullable(),
  bodyFatPercentage: percent.nullable(),
  musclePercentage: percent.nullable(),
  targetWeightLb: weightLb.nullable(),
  targetBodyFatPercentage: percent.nullable(),
  targetMusclePercentage: percent.nullable(),
  primaryGoal: z.string().nullable(),
  secondaryGoal: z.string().nullable(),
  weeklyWorkoutFrequency: whole(...BODY.weeklyWorkouts).nullable(),
  activityLevel: activityLevel.nullable(),
  gymExperience: amount(0, 1),
  helpPreferences: z.array(helpPreference).max(HELP_PREFERENCES.length),
  accessibilityNeeds: z.string().nullable(),
  calorieIntakeGoal: amount(...BODY.calories).nullable(),
  dietType: z.string().nullable(),
  dietRestrictions: z.string().nullable(),
  timeZone: z.string(),
  // Asked since sign-up asks what plans need; optional so the events written before (without them) still replay.
  // Null (or absent): not given yet, and the first chat asks for it.
  equipment: z.enum(EQUIPMENT).nullable().optional(),
  units: z.enum(UNITS).nullable().optional(),
});
export type ProfileFields = z.infer<typeof profileFields>;

/**
 * A profile with every field present: events from before sign-up asked for equipment and units carry neither, read
 * as not given (null). The one place that says so, for the command side's fold and the read side.
 */
export const completeProfile = <P extends ProfileFields>(profile: P): P & { equipment: NonNullable<P['equipment']> | null; units: NonNullable<P['units']> | null } => ({
  ...profile,
  equipment: profile.equipment ?? null,
  units: profile.units ?? null,
});

export const userEvents = {
  UserSignedUp: profileFields.extend({
    userId: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    passwordHash: z.string(),
  }),
  VerificationMailRequested: z.object({ userId: z.string(), email: z.string() }),
  /** Someone signed up with the address of this (verified) account: the owner is told, the caller is not. */
  ExistingAccountMailRequested: z.object({ userId: z.string(), email: z.string() }),
  EmailVerified: z.object({ userId: z.string() }),
  UserLoggedIn: z.object({ userId: z.string(), loggedInAt: instant }),
  /**
   * The signed-in person opened the app on `day`, a local date in their zone at `shownUpAt`: at most one a day, on
   * the login stream (docs/adr/0097-a-streak-counts-the-days-a-person-showed-up.md).
   */
  UserShowedUp: z.object({ userId: z.string(), day: calendarDate, shownUpAt: instant }),
  /** The whole profile after the save, so a reader never has to merge partial updates. */
  ProfileUpdated: profileFields.extend({ userId: z.string() }),
  /** A dated body measurement: the progress charts are drawn from these. */
  MeasurementRecorded: z.object({
    userId: z.string(),
    measuredAt: instant,
    weightLb: weightLb.nullable(),
    bodyFatPercentage: percent.nullable(),
    musclePercentage: percent.nullable(),
  }),
  RoleGranted: z.object({ userId: z.string(), role: whole(1, 3), grantedBy: z.string() }),
  /**
   * The password was changed (`via` 'change': by the signed-in owner; 'reset': through a mailed link). Every sign-in
   * of the account ends (the device that changed it goes on under a new one); the owner is told by mail at `email`.
   */
  PasswordChanged: z.object({ userId: z.string(), email: z.string(), passwordHash: z.string(), via: z.enum(['change', 'reset']) }),
  /**
   * A reset link was asked for. `passwordVersion` is how many times the password had been changed then: the link
   * carries it and works only while it is still the count, so it works once and dies with any later change.
   */
  PasswordResetRequested: z.object({ userId: z.string(), email: z.string(), passwordVersion: whole(0, 1_000_000) }),
  /**
   * The owner asked to delete the account, and every sign-in of it has ended. From here the account takes no
   * command and no login; what remains (the subscription, tickets, waitlist entry, claims, rate counts, the keys) is
   * done step by step, each step idempotent, by services/command/src/accounts/deletion.ts, resumed after a crash
   * until AccountDeleted closes it.
   */
  AccountDeletionStarted: z.object({ userId: z.string(), startedAt: instant }),
  /**
   * The owner deleted the account. Its personal fields were sealed under a key of the user that is destroyed with
   * it (events/personal.ts), so from here on every read of the log has nothing of the person; read models drop the
   * user's docs on this event. It is the last step of a deletion: the keys are destroyed before it is appended.
   */
  AccountDeleted: z.object({ userId: z.string(), deletedAt: instant }),
};

/**
 * Uniqueness of e-mail and username: a claim is the first event of a stream named after the value, appended with
 * expected revision `no_stream`, so two sign-ups racing for one value cannot both win (on any adapter).
 */
export const claimEvents = {
  EmailClaimed: z.object({ email: z.string(), userId: z.string() }),
  UsernameClaimed: z.object({ username: z.string(), userId: z.string() }),
  /** Gives a claimed value back when the rest of the sign-up it belonged to failed. */
  ClaimReleased: z.object({ userId: z.string() }),
};
