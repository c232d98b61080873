import { ROLES } from '../../contract/accounts/roles.js';
import { grantRole, logIn, signUp, type SimUser } from './fixtures/accounts.js';
import { chatExchange } from './fixtures/chat.js';
import { DAY, HOUR, History, MINUTE, rng, START, type Append } from './fixtures/log.js';
import { mealVisit, switchMealPlan } from './fixtures/meals.js';
import { earlyAccessClicks, reportTicket, waitlistJoins } from './fixtures/public.js';
import { cancel, endedByStripe, subscribe, subscriptionLength } from './fixtures/subscription.js';
import { switchWorkoutPlan, workoutVisit } from './fixtures/workouts.js';

export type { Append } from './fixtures/log.js';

/** Of the verified users, the share who ever start a checkout. */
const WANTS_TO_SUBSCRIBE = 0.45;
/** Mean days a free user keeps coming back, after sign-up or after their subscription ended. */
const FREE_ENGAGEMENT_DAYS = 40;
/** The share of the span the deployment took payments with the local test checkout, before its Stripe key was set. */
const TEST_CHECKOUT_SHARE = 0.25;

export interface HistoryOptions {
  users: number;
  /** The span of the history: sign-ups spread over it, everyone's use stops at its end. */
  days: number;
  /** Keeps adding users (beyond `users`) until the log holds this many events. */
  minEvents?: number;
  seed?: number;
  /** Epoch ms of the first day (UTC midnight); 2026-01-01 unless given. */
  start?: number;
}

export interface GeneratedHistory {
  appends: Append[];
  events: number;
  users: number;
  counts: Record<string, number>;
}

const exponentialDays = (r: ReturnType<typeof rng>, mean: number) => -Math.log(1 - r.next()) * mean * DAY;

/**
 * The log of people using the app over `days` days, every append as the API would have made it (the command side's
 * own deciders and evolvers decide, on each stream's folded state, with the revision it was read at; each user's
 * time moves forward):
 * - sign-ups grow over the span (more later than early); about nine in ten verify; the first verified user is staff
 *   (RoleGranted 2) and answers tickets;
 * - a verified user comes back now and then (a login, often a profile save, now and then an attempt to chat, which
 *   is refused without a subscription) for a while and then drifts away; some start a checkout, most of those pay
 *   and are activated (the starter-plans worker follows, once per user), with the local test checkout for the first
 *   quarter of the span and Stripe after;
 * - a subscriber comes back more often and works out (sessions, day completions and advances), logs meals, switches
 *   plans, reports tickets, asks the built-in coach and saves plans it offered, until they cancel (a spec reason or
 *   an Other text) or Stripe ends it; some come back as free users afterwards;
 * - anonymous visitors join the waitlist and click Join Early Access.
 */
export function productionHistory(options: HistoryOptions): GeneratedHistory {
  const { users, days, minEvents = 0, seed = 42, start = START } = options;
  const end = start + days * DAY;
  const testCheckoutUntil = start + TEST_CHECKOUT_SHARE * days * DAY;
  const r = rng(seed);
  const h = new History();
  waitlistJoins(h, r, Math.round(users * 0.3), start, days);
  earlyAccessClicks(h, r, Math.round(users * 0.5), start, days);

  let staff: SimUser | undefined;
  const live = (u: SimUser) => {
    const wantsToSubscribe = u !== staff && r.chance(WANTS_TO_SUBSCRIBE);
    let activeUntil = u.at + exponentialDays(r, FREE_ENGAGEMENT_DAYS);
    let sub: { until: number } | null = null;
    let t = u.at + r.int(1, 48) * HOUR;
    while (t < end) {
      if (sub && sub.until <= t) {
        const at = Math.max(sub.until, u.at + MINUTE);
        // A test checkout's subscription can only be cancelled: Stripe knows nothing of it.
        if (r.chance(0.85) || !endedByStripe(h, r, u, at)) cancel(h, r, u, at);
        sub = null;
        activeUntil = at + exponentialDays(r, FREE_ENGAGEMENT_DAYS / 4);
      }
      if (!sub && t > activeUntil) break;
      t = logIn(h, r, u, t);
      if (!sub && wantsToSubscribe && r.chance(0.25)) {
        const checkoutAt = t + r.int(1, 5) * MINUTE;
        const started = subscribe(h, r, u, checkoutAt, checkoutAt < testCheckoutUntil ? 'test' : 'stripe');
        t = u.at;
        if (started) sub = { until: started.at + subscriptionLength(r, started.interval) };
      }
      if (sub) {
        t += r.int(1, 5) * MINUTE;
        if (r.chance(0.02)) t = switchWorkoutPlan(h, r, u, t);
        if (r.chance(0.015)) t = switchMealPlan(h, r, u, t);
        t = workoutVisit(h, r, u, t);
        t = mealVisit(h, r, u, t);
        if (staff && r.chance(0.015)) reportTicket(h, r, u, staff, (t += r.int(1, 10) * MINUTE));
      }
      if (r.chance(sub ? 0.15 : 0.1)) t = chatExchange(h, r, u, t + r.int(1, 5) * MINUTE);
      u.at = t;
      t += (sub ? r.int(14, 60) : r.int(24, 240)) * HOUR;
    }
  };

  let count = 0;
  const addUser = () => {
    // Sign-ups grow over the span: the density rises linearly, so half of them come in its last ~30 %.
    const { user, verified } = signUp(h, r, count, start + Math.floor(Math.sqrt(r.next()) * (days * DAY - HOUR)));
    count += 1;
    if (!verified) return;
    if (!staff) {
      staff = user;
      grantRole(h, user, ROLES.admin, user.at + HOUR);
    }
    live(user);
  };
  while (count < users || h.events < minEvents) addUser();
  // Time order across streams; within a stream the generation order (= revision order) is kept: the sort is stable.
  const appends = h.appends.sort((a, b) => a.at - b.at);
  const counts: Record<string, number> = {};
  for (const a of appends) for (const e of a.events) counts[e.type] = (counts[e.type] ?? 0) + 1;
  return { appends, events: h.events, users: count, counts };
}
