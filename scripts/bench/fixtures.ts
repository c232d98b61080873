import { randomBytes, randomUUID } from 'node:crypto';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { emailClaimStream, loginStream, userStream, usernameClaimStream } from '../../events/streams.js';
import { ACTIVITY_LEVELS, GENDERS, HELP_PREFERENCES, ROLES, type ProfileFields } from '../../events/user.js';

/** One command's worth of events, as `execute` appends them: one stream, ids and metadata set. */
export interface Append {
  stream: string;
  events: AppNewEvent[];
  /** The stream's last revision before this append ('no_stream' for its first). */
  expected: number | 'no_stream' | 'any';
  at: number;
}

/** A small seeded PRNG (mulberry32), so every run generates the same history. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const ZONES = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/Berlin', 'Europe/London', 'Asia/Tokyo', 'UTC'];
const GOALS = ['Lose weight', 'Build muscle', 'Get fitter', 'Stay healthy', 'Run a marathon'];
const DAY = 24 * 3600 * 1000;
const START = Date.parse('2026-01-01T00:00:00Z');

/** Looks like what `hashPassword` stores (scrypt$N$r$p$salt$hash) without paying for scrypt. */
export const fakePasswordHash = () =>
  ['scrypt', 32768, 8, 1, randomBytes(16).toString('base64'), randomBytes(64).toString('base64')].join('$');

interface SimUser {
  userId: string;
  profile: ProfileFields;
  revision: number;
}

const withMeta = (userId: string, at: number, events: AppNewEvent[]): AppNewEvent[] =>
  events.map((event) => ({ ...event, id: randomUUID(), metadata: { userId, correlationId: randomUUID(), at: new Date(at).toISOString() } }));

/**
 * The log of `users` people using the app over ~90 days, at least `minEvents` events, every append in time order
 * as the API would have made them: e-mail (and sometimes username) claim, sign-up (UserSignedUp,
 * MeasurementRecorded, VerificationMailRequested), EmailVerified for most, then sessions of UserLoggedIn with
 * profile saves (ProfileUpdated, with MeasurementRecorded when the weight changed) and a few RoleGranted.
 */
export function userHistory(users: number, minEvents: number, seed = 42): { appends: Append[]; events: number; counts: Record<string, number> } {
  const r = rng(seed);
  const appends: Append[] = [];
  const verified: SimUser[] = [];
  // ~5.3 events per verified user outside sessions, ~1.7 per session; pick the mean session count that reaches minEvents.
  const sessionsMean = Math.max(1, Math.ceil((minEvents / users - 5) / 1.7 / 0.9));
  let events = 0;
  const push = (append: Append) => {
    appends.push(append);
    events += append.events.length;
  };

  const session = (u: SimUser, at: number) => {
    push({ stream: loginStream(u.userId), events: withMeta(u.userId, at, [newEvent('UserLoggedIn', { userId: u.userId, loggedInAt: new Date(at).toISOString() })]), expected: 'any', at });
    if (!r.chance(0.4)) return;
    const saveAt = at + r.int(30, 600) * 1000;
    const weightChanged = r.chance(0.7);
    const p = u.profile;
    u.profile = {
      ...p,
      weightLb: weightChanged ? Math.round(((p.weightLb ?? 170) + (r.next() - 0.55) * 3) * 10) / 10 : p.weightLb,
      bodyFatPercentage: weightChanged && r.chance(0.5) ? Math.round(r.int(120, 350)) / 10 : p.bodyFatPercentage,
      weeklyWorkoutFrequency: weightChanged ? p.weeklyWorkoutFrequency : r.int(1, 7),
      secondaryGoal: weightChanged ? p.secondaryGoal : r.pick(GOALS),
    };
    const saved: AppNewEvent[] = [newEvent('ProfileUpdated', { userId: u.userId, ...u.profile })];
    if (weightChanged) {
      saved.push(
        newEvent('MeasurementRecorded', {
          userId: u.userId,
          measuredAt: new Date(saveAt).toISOString(),
          weightLb: u.profile.weightLb,
          bodyFatPercentage: u.profile.bodyFatPercentage,
          musclePercentage: u.profile.musclePercentage,
        }),
      );
    }
    push({ stream: userStream(u.userId), events: withMeta(u.userId, saveAt, saved), expected: u.revision, at: saveAt });
    u.revision += saved.length;
  };

  for (let i = 0; i < users; i += 1) {
    const userId = randomUUID();
    const email = `bench${i}@example.com`;
    const username = r.chance(0.3) ? `bench_${i}` : null;
    let at = START + r.int(0, 60) * DAY + r.int(0, DAY - 1);
    const weightLb = r.int(1100, 2600) / 10;
    const profile: ProfileFields = {
      name: username ?? `bench${i}`,
      age: r.int(16, 75),
      gender: r.pick(GENDERS),
      heightIn: r.int(58, 78),
      weightLb,
      bodyFatPercentage: null,
      musclePercentage: null,
      targetWeightLb: Math.round(weightLb * 0.9),
      targetBodyFatPercentage: null,
      targetMusclePercentage: null,
      primaryGoal: r.pick(GOALS),
      secondaryGoal: null,
      weeklyWorkoutFrequency: r.int(1, 6),
      activityLevel: r.pick(ACTIVITY_LEVELS),
      gymExperience: r.pick([0, 0.25, 0.5, 1, 2, 5]),
      helpPreferences: HELP_PREFERENCES.filter(() => r.chance(0.4)),
      accessibilityNeeds: null,
      calorieIntakeGoal: null,
      dietType: null,
      dietRestrictions: null,
      timeZone: r.pick(ZONES),
    };
    push({ stream: emailClaimStream(email), events: withMeta(userId, at, [newEvent('EmailClaimed', { email, userId })]), expected: 'no_stream', at });
    if (username) push({ stream: usernameClaimStream(username), events: withMeta(userId, at, [newEvent('UsernameClaimed', { username, userId })]), expected: 'no_stream', at });
    const signup: AppNewEvent[] = [
      newEvent('UserSignedUp', { userId, email, username, passwordHash: fakePasswordHash(), ...profile }),
      newEvent('MeasurementRecorded', { userId, measuredAt: new Date(at).toISOString(), weightLb, bodyFatPercentage: null, musclePercentage: null }),
      newEvent('VerificationMailRequested', { userId, email }),
    ];
    push({ stream: userStream(userId), events: withMeta(userId, at, signup), expected: 'no_stream', at });
    const u: SimUser = { userId, profile, revision: signup.length - 1 };
    if (!r.chance(0.9)) continue;
    at += r.int(1, 120) * 60 * 1000;
    push({ stream: userStream(userId), events: withMeta(userId, at, [newEvent('EmailVerified', { userId })]), expected: u.revision, at });
    u.revision += 1;
    verified.push(u);
    if (r.chance(0.05)) {
      at += r.int(1, 5) * DAY;
      push({ stream: userStream(userId), events: withMeta('admin', at, [newEvent('RoleGranted', { userId, role: ROLES.subscriber, grantedBy: 'admin' })]), expected: u.revision, at });
      u.revision += 1;
    }
    const sessions = r.int(1, 2 * sessionsMean - 1);
    for (let s = 0; s < sessions; s += 1) {
      at += r.int(6, 96) * 3600 * 1000;
      session(u, at);
    }
  }
  // Top up with later sessions of random users until the log is long enough.
  let late = appends.reduce((max, a) => Math.max(max, a.at), START) + DAY;
  while (events < minEvents && verified.length > 0) {
    late += r.int(1, 60) * 1000;
    session(r.pick(verified), late);
  }
  // Time order across users, each stream's own order kept (revisions were handed out per user in time order).
  appends.sort((a, b) => a.at - b.at);
  const counts: Record<string, number> = {};
  for (const a of appends) for (const e of a.events) counts[e.type] = (counts[e.type] ?? 0) + 1;
  return { appends, events, counts };
}
