import { ROLES } from '../../events/user.js';
import { grantRole, logIn, signUp, type SimUser } from './fixtures/accounts.js';
import { DAY, HOUR, History, MINUTE, rng, type Append, type Rng } from './fixtures/log.js';
import { mealVisit, saveMealPlan, switchMealPlan } from './fixtures/meals.js';
import { earlyAccessClicks, reportTicket, waitlistJoins } from './fixtures/public.js';
import { saveWorkoutPlan, switchWorkoutPlan, workoutVisit } from './fixtures/workouts.js';
import { subscribe } from './fixtures/subscription.js';

export type { Append } from './fixtures/log.js';

/** Of the verified users, the share with a subscription (so about a third of all users), and how much more they visit. */
const SUBSCRIBER_SHARE = 0.37;
const SUBSCRIBER_WEIGHT = 3;

/**
 * The log of `users` people using the app over ~90 days, at least `minEvents` events, every append as the API
 * would have made it (the command side's own deciders and evolvers decide, on each stream's folded state, with the
 * revision it was read at; times move forward per user):
 * - everyone: e-mail (and sometimes username) claim, sign-up, EmailVerified for most, then visits: a login, often a
 *   profile save;
 * - the first verified user is staff (RoleGranted 2) and answers tickets;
 * - about a third subscribe (test checkout: checkout, Pay, confirmation), save a workout regimen and a meal plan (both primary) and on
 *   their visits (three times as many) work out (sessions with pauses or exercise logs, day completions, day
 *   advances), log meals (a few undone) and move the plan's day on, now and then switch plans or report a ticket;
 * - anonymous visitors join the waitlist and click Join Early Access.
 */
export function userHistory(users: number, minEvents: number, seed = 42): { appends: Append[]; events: number; counts: Record<string, number> } {
  const r = rng(seed);
  const h = new History();
  waitlistJoins(h, r, Math.round(users * 0.3));
  earlyAccessClicks(h, r, Math.round(users * 0.5));

  let staff: SimUser | undefined;
  const subscribers = new Set<SimUser>();
  const visit = (u: SimUser, at: number) => {
    let t = logIn(h, r, u, at);
    if (subscribers.has(u)) {
      t += r.int(1, 5) * MINUTE;
      if (r.chance(0.02)) t = switchWorkoutPlan(h, r, u, t);
      if (r.chance(0.015)) t = switchMealPlan(h, r, u, t);
      t = workoutVisit(h, r, u, t);
      t = mealVisit(h, r, u, t);
      if (staff && r.chance(0.015)) reportTicket(h, r, u, staff, (t += r.int(1, 10) * MINUTE));
    }
    u.at = t;
  };
  const nextVisit = (u: SimUser, rr: Rng) => u.at + (subscribers.has(u) ? rr.int(8, 40) : rr.int(6, 96)) * HOUR;

  // Each user's sign-up and first visit; then visits of random users (subscribers weighted) until the log is long enough.
  const pool: SimUser[] = [];
  for (let i = 0; i < users; i += 1) {
    const { user, verified } = signUp(h, r, i);
    if (!verified) continue;
    pool.push(user);
    if (!staff) {
      staff = user;
      grantRole(h, user, ROLES.admin, user.at + HOUR);
    } else if (r.chance(SUBSCRIBER_SHARE)) {
      subscribe(h, r, user, user.at + r.int(1, 5) * DAY);
      subscribers.add(user);
      for (let w = 1; w < SUBSCRIBER_WEIGHT; w += 1) pool.push(user);
      // Right after subscribing: the plans the AI wrote for them, saved (each becomes primary, being the first).
      let t = logIn(h, r, user, user.at + r.int(1, 48) * HOUR);
      if (r.chance(0.85)) saveWorkoutPlan(h, r, user, (t += r.int(2, 10) * MINUTE));
      if (r.chance(0.75)) saveMealPlan(h, r, user, (t += r.int(2, 10) * MINUTE));
      user.at = t;
    }
    visit(user, nextVisit(user, r));
  }
  while (h.events < minEvents && pool.length > 0) {
    const u = r.pick(pool);
    visit(u, nextVisit(u, r));
  }
  // Time order across streams; within a stream the generation order (= revision order) is kept: the sort is stable.
  const appends = h.appends.sort((a, b) => a.at - b.at);
  const counts: Record<string, number> = {};
  for (const a of appends) for (const e of a.events) counts[e.type] = (counts[e.type] ?? 0) + 1;
  return { appends, events: h.events, counts };
}
