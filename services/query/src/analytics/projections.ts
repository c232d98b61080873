import { createHash } from 'node:crypto';
import type { AppEvent, EventType } from '../../../../events/catalog.js';
import type { SubscriptionInterval } from '../../../../events/subscription.js';
import { exerciseIdentity } from '../../../domain/training/exerciseIdentity.js';
import { exercisesIn } from '../../../domain/training/setFacts.js';
import { mondayOf } from '../progress/api.js';
import { countsAsWorkout, importedSpan } from '../training/api.js';
import type { Projection } from '../projection.js';
import { FORGOTTEN, isPersonal } from '../../../../events/personal.js';

/**
 * The analytics read models: compact, pure folds the series are computed from (series.ts). The live projector keeps
 * them for GET /api/analytics/*; `npm run analytics` runs the very same folds over the log into memory. Days are UTC
 * days of the time the command was decided (`metadata.at`), so a figure never depends on who looks at it.
 */

/** The UTC day ('YYYY-MM-DD') of an ISO instant as the command side writes them (always 'Z'). */
export const utcDay = (iso: string) => iso.slice(0, 10);

/** Per-day counters that need nothing but the event itself. */
export interface AnalyticsDayDoc {
  day: string;
  signups: number;
  verifications: number;
  waitlist_joins: number;
  clicks_monthly: number;
  clicks_annual: number;
  checkouts_monthly: number;
  checkouts_annually: number;
  activations_monthly: number;
  activations_annually: number;
  meals_logged: number;
  chat_questions: number;
  chat_failed: number;
  chat_plans_offered: number;
}
type DayCounter = Exclude<keyof AnalyticsDayDoc, 'day'>;

const emptyDay = (day: string): AnalyticsDayDoc => ({
  day,
  signups: 0,
  verifications: 0,
  waitlist_joins: 0,
  clicks_monthly: 0,
  clicks_annual: 0,
  checkouts_monthly: 0,
  checkouts_annually: 0,
  activations_monthly: 0,
  activations_annually: 0,
  meals_logged: 0,
  chat_questions: 0,
  chat_failed: 0,
  chat_plans_offered: 0,
});

const dayHandles = [
  'UserSignedUp',
  'EmailVerified',
  'WaitlistJoined',
  'EarlyAccessClicked',
  'CheckoutSessionCreated',
  'SubscriptionActivated',
  'MealLogged',
  'MealLogUndone',
  'ChatQuestionAsked',
  'ChatAnswerFailed',
  'ChatPlanOffered',
] as const satisfies readonly EventType[];

/** The day an event counts for: an undone meal is taken off the day it was logged on, a click off its own day. */
function countedDay(event: AppEvent): string {
  if (event.type === 'MealLogUndone' || event.type === 'MealLogged') return utcDay(event.data.loggedAt);
  if (event.type === 'EarlyAccessClicked') return utcDay(event.data.clickedAt);
  return utcDay(event.metadata.at);
}

/** The counter an event moves and by how much (undefined: none). */
function dayChange(event: AppEvent): [DayCounter, number] | undefined {
  switch (event.type) {
    case 'UserSignedUp':
      return ['signups', 1];
    case 'EmailVerified':
      return ['verifications', 1];
    case 'WaitlistJoined':
      return ['waitlist_joins', 1];
    case 'EarlyAccessClicked':
      return [event.data.plan === 'monthly' ? 'clicks_monthly' : 'clicks_annual', 1];
    case 'CheckoutSessionCreated':
      return [`checkouts_${event.data.interval}`, 1];
    case 'SubscriptionActivated':
      return [`activations_${event.data.interval}`, 1];
    case 'MealLogged':
      return ['meals_logged', 1];
    case 'MealLogUndone':
      return ['meals_logged', -1];
    case 'ChatQuestionAsked':
      return ['chat_questions', 1];
    case 'ChatAnswerFailed':
      return ['chat_failed', 1];
    case 'ChatPlanOffered':
      return ['chat_plans_offered', 1];
    default:
      return undefined;
  }
}

export const analyticsDaysProjection: Projection<AnalyticsDayDoc> = {
  name: 'analyticsDays',
  handles: dayHandles,
  key: countedDay,
  evolve(doc, event) {
    const current = doc ?? emptyDay(countedDay(event));
    const change = dayChange(event);
    return change ? { ...current, [change[0]]: current[change[0]] + change[1] } : current;
  },
};

/** One subscription from activation to its end. */
export interface SubscriptionPeriod {
  interval: SubscriptionInterval;
  activated_at: string;
  ended_at: string | null;
  /** `cancelled` by the user (with `reason`), or `ended` by Stripe. */
  ended_how: 'cancelled' | 'ended' | null;
  reason: string | null;
}

/** What the series need to know of one user across all their streams. */
export interface AnalyticsUserDoc {
  user_id: string;
  /**
   * For each UTC week in which the user did something themselves (ACTIVITY: a login counts), the first day they did,
   * ascending: the week is its Monday's, and a range ending mid-week counts the user only if that day is in it.
   */
  first_active_days: string[];
  subscriptions: SubscriptionPeriod[];
  /** `type<TAB>name` of every plan the chat offered them. */
  offered_plans: string[];
  /** Plans saved whose type and name match a plan offered in chat before. */
  chat_saves: { saved_at: string; plan_type: 'workout' | 'meal' }[];
}

/**
 * What a person does on purpose: a week with one of these (by the user themselves) makes them active that week.
 * Bookkeeping that follows from such an action (session slots, claims, day completions) adds nothing, and leaving
 * it out spares the rebuild from reading it.
 */
const ACTIVITY = [
  'UserLoggedIn',
  'ProfileUpdated',
  'WorkoutSessionStarted',
  'ExerciseLogged',
  'MealLogged',
  'RegimenDayAdvanced',
  'MealPlanDayAdvanced',
  'ChatQuestionAsked',
  'TicketSubmitted',
  'CheckoutSessionCreated',
] as const satisfies readonly EventType[];

const userHandles = [
  ...ACTIVITY,
  'SubscriptionActivated',
  'SubscriptionCancelled',
  'SubscriptionEnded',
  'ChatPlanOffered',
  'RegimenSaved.v2',
  'MealPlanSaved',
  'AccountDeleted',
] as const satisfies readonly EventType[];

// Nearly every event asks for its week, and date arithmetic is dear; the log spans few distinct days.
const mondays = new Map<string, string>();
/** The UTC Monday of the week a day ('YYYY-MM-DD') falls in. */
export const weekOf = (day: string) => {
  let monday = mondays.get(day);
  if (monday === undefined) {
    monday = mondayOf(day);
    mondays.set(day, monday);
  }
  return monday;
};

const offerKey = (planType: string, name: string) => `${planType}\t${name}`;

/** A user doc as stored: docs written before `first_active_days` kept each active week's Monday (`active_weeks`). */
export type StoredUserDoc = AnalyticsUserDoc | (Omit<AnalyticsUserDoc, 'first_active_days'> & { active_weeks: string[] });

/**
 * A stored user doc in the current shape. An older doc reads each week's Monday as its first active day, so the
 * projector folds on over it and the series count its weeks, only a range ending mid-week may count such a user a few
 * days early; `npm run replay` rewrites every doc exactly.
 */
export function currentUserDoc(doc: StoredUserDoc): AnalyticsUserDoc {
  if ('first_active_days' in doc) return doc;
  const { active_weeks, ...rest } = doc;
  return { ...rest, first_active_days: active_weeks };
}

export const analyticsUsersProjection: Projection<AnalyticsUserDoc> = {
  name: 'analyticsUsers',
  handles: userHandles,
  key: (event) => (event.data as { userId: string }).userId,
  evolve(current, event) {
    const userId = (event.data as { userId: string }).userId;
    let doc = current ? currentUserDoc(current) : { user_id: userId, first_active_days: [], subscriptions: [], offered_plans: [], chat_saves: [] };
    // Active: the user's own request recorded it (webhooks, workers and staff do not count).
    if (event.metadata.userId === userId && (ACTIVITY as readonly string[]).includes(event.type)) {
      const day = utcDay(event.metadata.at);
      const last = doc.first_active_days[doc.first_active_days.length - 1];
      if (last === undefined || weekOf(day) > weekOf(last)) doc = { ...doc, first_active_days: [...doc.first_active_days, day] };
    }
    switch (event.type) {
      case 'SubscriptionActivated': {
        const period: SubscriptionPeriod = { interval: event.data.interval, activated_at: event.data.activatedAt, ended_at: null, ended_how: null, reason: null };
        return { ...doc, subscriptions: [...doc.subscriptions, period] };
      }
      case 'SubscriptionCancelled':
        return endLast(doc, event.data.cancelledAt, 'cancelled', event.data.reason);
      // The counts stay; a reason the person typed under Other goes (a replay reads it as FORGOTTEN too), and so do the
      // names of the plans offered to them (a replay reads stand-ins of them, events/personal.ts).
      case 'AccountDeleted':
        return { ...doc, offered_plans: [], subscriptions: doc.subscriptions.map((s) => (isPersonal('SubscriptionCancelled', s.reason) ? { ...s, reason: FORGOTTEN } : s)) };
      case 'SubscriptionEnded':
        return endLast(doc, event.data.endedAt, 'ended', null);
      case 'ChatPlanOffered': {
        const key = offerKey(event.data.planType, event.data.name);
        return doc.offered_plans.includes(key) ? doc : { ...doc, offered_plans: [...doc.offered_plans, key] };
      }
      case 'RegimenSaved.v2':
        return savedFromChat(doc, 'workout', event.data.name, event.data.savedAt);
      case 'MealPlanSaved':
        return savedFromChat(doc, 'meal', event.data.name, event.data.savedAt);
      default:
        return doc;
    }
  },
};

function endLast(doc: AnalyticsUserDoc, at: string, how: 'cancelled' | 'ended', reason: string | null): AnalyticsUserDoc {
  const open = doc.subscriptions[doc.subscriptions.length - 1];
  if (!open || open.ended_at !== null) return doc;
  return { ...doc, subscriptions: [...doc.subscriptions.slice(0, -1), { ...open, ended_at: at, ended_how: how, reason }] };
}

function savedFromChat(doc: AnalyticsUserDoc, planType: 'workout' | 'meal', name: string, savedAt: string): AnalyticsUserDoc {
  if (!doc.offered_plans.includes(offerKey(planType, name))) return doc;
  return { ...doc, chat_saves: [...doc.chat_saves, { saved_at: savedAt, plan_type: planType }] };
}

/** A ticket's component and how long it took to reach Completed (the first time). */
export interface AnalyticsTicketDoc {
  ticket_id: string;
  component: string;
  opened_at: string;
  completed_at: string | null;
}

export const analyticsTicketsProjection: Projection<AnalyticsTicketDoc> = {
  name: 'analyticsTickets',
  handles: ['TicketSubmitted', 'TicketStatusChanged'],
  key: (event) => (event.data as { ticketId: string }).ticketId,
  evolve(doc, event) {
    if (event.type === 'TicketSubmitted') {
      return { ticket_id: event.data.ticketId, component: event.data.component, opened_at: event.data.submittedAt, completed_at: null };
    }
    if (event.type === 'TicketStatusChanged' && doc && doc.completed_at === null && event.data.toStatus === 'Completed') {
      return { ...doc, completed_at: event.data.changedAt };
    }
    return doc;
  },
};

/**
 * One workout session: what was logged in it (each whole exercise and each set, by exercise key, a custom one by a
 * hash of its key: no weights or names of the person's own), how many distinct exercises that makes by the app's rule (warm-ups alone do not count,
 * a deleted set no longer does), and the UTC day it ended with its minutes. Whether it is a workout is decided when
 * the series is read (`countsAsWorkout`), since an end alone does not say whether anything was logged.
 */
export interface AnalyticsSessionDoc {
  session_id: string;
  /** Sets carry their id (a set may be deleted); whole exercises do not. */
  logged?: { set_id?: string; exercise: string; warmup: boolean }[];
  exercises_logged: number;
  ended_day: string | null;
  minutes: number;
}

/**
 * How a session's doc names an exercise: a catalog key as it is; a custom one, made of the person's own words and
 * kept after their account is deleted, by a hash of its key, which still tells it from the session's others.
 */
const exerciseInDoc = (key: string, custom: boolean) => (custom ? `custom-${createHash('sha256').update(key).digest('hex').slice(0, 16)}` : key);

const withLogged = (doc: AnalyticsSessionDoc, logged: NonNullable<AnalyticsSessionDoc['logged']>): AnalyticsSessionDoc => ({ ...doc, logged, exercises_logged: exercisesIn(logged) });

export const analyticsSessionsProjection: Projection<AnalyticsSessionDoc> = {
  name: 'analyticsSessions',
  handles: ['ExerciseLogged', 'SetLogged', 'SetDeleted', 'WorkoutSessionEnded'],
  key: (event) => (event.data as { sessionId: string }).sessionId,
  evolve(doc, event) {
    const current = doc ?? { session_id: (event.data as { sessionId: string }).sessionId, logged: [], exercises_logged: 0, ended_day: null, minutes: 0 };
    const logged = current.logged ?? [];
    switch (event.type) {
      case 'ExerciseLogged': {
        const identity = exerciseIdentity(event.data.name);
        return withLogged(current, [...logged, { exercise: exerciseInDoc(identity.key, identity.custom), warmup: false }]);
      }
      case 'SetLogged':
        return withLogged(current, [...logged, { set_id: event.data.setId, exercise: exerciseInDoc(event.data.exercise, event.data.custom), warmup: event.data.warmup }]);
      case 'SetDeleted':
        return withLogged(current, logged.filter((entry) => entry.set_id !== event.data.setId));
      case 'WorkoutSessionEnded':
        return { ...current, ended_day: utcDay(event.metadata.at), minutes: event.data.totalDurationMinutes };
      default:
        return current;
    }
  },
};

/** One import as the series count it: the UTC days it completed and was undone. Nothing about the person is kept. */
export interface AnalyticsImportDoc {
  import_id: string;
  completed_day: string;
  undone_day: string | null;
}

export const analyticsImportsProjection: Projection<AnalyticsImportDoc> = {
  name: 'analyticsImports',
  handles: ['ImportCompleted', 'ImportUndone'],
  key: (event) => (event.data as { importId: string }).importId,
  evolve(doc, event) {
    if (event.type === 'ImportCompleted') return { import_id: event.data.importId, completed_day: utcDay(event.metadata.at), undone_day: null };
    if (event.type === 'ImportUndone') return doc && { ...doc, undone_day: utcDay(event.metadata.at) };
    return doc;
  },
};

/** The workouts of one batch of an import, per UTC day they ended: how many count as a workout, and their minutes. */
export interface AnalyticsImportedWorkoutsDoc {
  import_id: string;
  days: { day: string; workouts: number; minutes: number }[];
}

/**
 * Imported workouts, one doc per batch (`<importId>/<batch>`), so a batch writes only its own. They are dated by
 * when they were done (the workout's start and duration, as the file had them), not by the import: they are the
 * person's history, and the series counts them apart (`imported_workouts`). Whether they count at all follows from
 * their import's doc (completed, not undone, by the end of the range), so one undo event takes a whole import out.
 */
export const analyticsImportedWorkoutsProjection: Projection<AnalyticsImportedWorkoutsDoc> = {
  name: 'analyticsImportedWorkouts',
  handles: ['WorkoutsImported'],
  key: (event) => {
    const { importId, batch } = event.data as { importId: string; batch: number };
    return `${importId}/${String(batch).padStart(6, '0')}`;
  },
  evolve(doc, event) {
    if (event.type !== 'WorkoutsImported') return doc;
    const byDay = new Map<string, { day: string; workouts: number; minutes: number }>();
    for (const w of event.data.workouts) {
      // The rule the app's sessions follow: a workout has something logged in it (warm-ups alone are not a workout).
      if (!countsAsWorkout({ ended: true, exercisesLogged: exercisesIn(w.sets) })) continue;
      const { endedAt, minutes } = importedSpan(w.startedAt, w.durationMinutes);
      if (endedAt === undefined) continue;
      const day = utcDay(endedAt);
      const totals = byDay.get(day) ?? { day, workouts: 0, minutes: 0 };
      totals.workouts += 1;
      totals.minutes += minutes;
      byDay.set(day, totals);
    }
    return { import_id: event.data.importId, days: [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)) };
  },
};

export const analyticsProjections = [
  analyticsDaysProjection,
  analyticsUsersProjection,
  analyticsTicketsProjection,
  analyticsSessionsProjection,
  analyticsImportsProjection,
  analyticsImportedWorkoutsProjection,
] as Projection[];
