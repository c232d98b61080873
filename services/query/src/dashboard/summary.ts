import { loggedTotals } from '../../../../contract/nutrition/foodDay.js';
import { foodDayFrom, mealDayToday } from '../nutrition/api.js';
import { daysBetween } from '../progress/api.js';
import { firstAndLast, UserDay } from '../progress/api.js';
import type { UserFacts } from '../progress/api.js';
import { daySummary } from '../training/api.js';
import type { RegimenDoc } from '../training/api.js';
import type { DashboardSummary } from '../../../../contract/dashboard/summaryAnswer.js';

const RECENT_PROGRESS_ROWS = 4;

/** docs/product.md#what-the-app-keeps-and-answers "Dashboard summary response", computed at `now` in the user's time zone. */
export function dashboardSummary(facts: UserFacts, now: Date): DashboardSummary {
  const day = new UserDay(facts, now);
  const meals = mealDayToday(facts.mealPlans, facts.mealLogs, now, day.timeZone, facts.foodLogs);
  const workout = workoutCard(day);
  return {
    snapshot: snapshot(day),
    workout,
    nutrition: nutritionCard(day, meals),
    schedule: schedule(workout, meals),
    weekly: weekly(day, meals),
    progress: recentProgress(day),
  };
}

type MealDay = ReturnType<typeof mealDayToday>;
type WorkoutCard = ReturnType<typeof workoutCard>;

function snapshot(day: UserDay) {
  const { profile } = day.facts;
  const history = day.facts.measurements?.history ?? [];
  const weight = firstAndLast(history, 'weight_lb');
  const bodyFat = firstAndLast(history, 'body_fat_percentage');
  return {
    weightLb: weight.last ?? profile.weight_lb,
    targetWeightLb: profile.target_weight_lb,
    startWeightLb: weight.first,
    bodyFat: bodyFat.last ?? profile.body_fat_percentage,
    targetBodyFat: profile.target_body_fat_percentage,
    startBodyFat: bodyFat.first,
    primaryGoal: profile.primary_goal,
  };
}

/** The day after `dayNumber`, starting over after the last one. */
const dayAfter = (regimen: RegimenDoc, dayNumber: number) => (dayNumber >= regimen.day_count ? 1 : dayNumber + 1);

function workoutCard(day: UserDay) {
  const regimen = day.primaryRegimen;
  if (!regimen) return { planId: null, planName: null, percentComplete: 0, todayDone: false, currentSummary: null, nextSummary: null };
  // A day is done by a session that counts as a workout, the same rule as the week's count beside it.
  const completions = regimen.completions.filter((c) => day.workoutSessionIds.has(c.session_id));
  const daysDone = new Set(completions.map((c) => c.day_number)).size;
  // A workout today moved the plan on to the day after it (docs/adr/0076): today's is the day done, next the plan's
  // day now. Otherwise today's is done by a workout on the plan's current day (a completed cycle stays on its last).
  const movedOn = regimen.moved_on_from != null && regimen.last_workout != null && day.day(regimen.last_workout.completed_at) === day.today;
  const doneToday = movedOn || completions.some((c) => c.day_number === regimen.current_day && day.day(c.completed_at) === day.today);
  return {
    planId: regimen.regimen_id,
    planName: regimen.name,
    percentComplete: regimen.day_count ? Math.round((daysDone / regimen.day_count) * 100) : 0,
    todayDone: doneToday,
    currentSummary: daySummary(regimen, movedOn ? regimen.last_workout!.day_number : regimen.current_day),
    nextSummary: daySummary(regimen, movedOn ? regimen.current_day : dayAfter(regimen, regimen.current_day)),
  };
}

const sum = <T>(items: T[], value: (item: T) => number) => items.reduce((total, item) => total + value(item), 0);

function nutritionCard(day: UserDay, today: MealDay) {
  // What was eaten today and the day's targets are the food log's day (GET /api/food-log), in the person's zone:
  // foods logged and planned meals ticked, whichever plan day they were on (docs/adr/0399).
  const eatenToday = foodDayFrom(day.facts, day.today, day.day);
  const dailyLogged = loggedTotals(eatenToday);
  const dailyGoals = eatenToday.targets;
  if (!today) return { planId: null, planName: null, mealsToday: 0, mealsEaten: 0, nextMeal: null, dailyLogged, dailyGoals };
  const next = today.nextMeal;
  return {
    planId: today.plan.meal_plan_id,
    planName: today.plan.name,
    mealsToday: today.meals.length,
    mealsEaten: today.meals.filter((m) => m.eaten).length,
    nextMeal: next && {
      id: next.meal_plan_meal_id,
      mealTime: next.meal_time,
      name: next.meal.name,
      calories: next.meal.calories,
      protein: next.meal.protein_grams,
      carbs: next.meal.carbs_grams,
      fats: next.meal.fats_grams,
    },
    dailyLogged,
    dailyGoals,
  };
}

/** Today's workout, then today's meals in meal order, each done or not (a swapped meal by what was eaten). */
function schedule(workout: WorkoutCard, today: MealDay) {
  const items: Array<{ when: string; name: string; done: boolean }> = [];
  if (workout.currentSummary) items.push({ when: 'Workout', name: workout.currentSummary, done: workout.todayDone });
  // A meal eaten as something else is named by what was eaten, beside the plan's.
  for (const meal of today?.meals ?? []) items.push({ when: meal.meal_time, name: meal.eaten_instead ? `${meal.eaten_instead} (instead of ${meal.meal.name})` : meal.meal.name, done: meal.eaten });
  return items;
}

function weekly(day: UserDay, today: MealDay) {
  const sessions = day.finishedSessions.filter((s) => day.inThisWeek(s.end_time!));
  const result: DashboardSummary['weekly'] = {
    loginDays: day.weekActiveDays,
    loginStreak: day.streaks.current,
    workoutsDone: sessions.length,
    workoutsTarget: day.facts.profile.weekly_workout_frequency ?? 0,
    totalMinutes: sum(sessions, UserDay.minutesOf),
    // A planned meal is logged by "Log meal" or by what was eaten in its place ("Ate something else").
    mealsLogged: day.mealLogs.filter((l) => day.inThisWeek(l.logged_at)).length + swappedThisWeek(day),
  };
  const planned = today && mealsPlannedThisWeek(day, today);
  if (planned !== undefined) result.mealsPlanned = planned;
  return result;
}

/** The food log entries of this week logged in place of a planned meal. */
const swappedThisWeek = (day: UserDay) => (day.facts.foodLogs?.entries ?? []).filter((e) => e.insteadOfMealPlanMealId !== null && day.dayInThisWeek(e.day)).length;

/**
 * The primary plan's meals for the seven days of this week: today is the plan's day today, the other days of
 * the week are the plan days before and after it, the plan starting over after its last day.
 */
function mealsPlannedThisWeek(day: UserDay, today: NonNullable<MealDay>): number {
  const { plan, day: dayToday } = today;
  const offsetOfToday = daysBetween(day.monday, day.today);
  let planned = 0;
  for (let i = 0; i < 7; i += 1) {
    const planDay = (((dayToday - 1 + i - offsetOfToday) % plan.days) + plan.days) % plan.days + 1;
    planned += plan.meals.filter((m) => m.day_number === planDay).length;
  }
  return planned;
}

/** The latest measurements, newest first, one row per day. */
function recentProgress(day: UserDay) {
  const byDay = new Map<string, { date: string; weightLb: number | null; bodyFat: number | null }>();
  for (const m of day.measurements) byDay.set(m.date, { date: m.date, weightLb: m.weight_lb, bodyFat: m.body_fat_percentage });
  return [...byDay.values()].reverse().slice(0, RECENT_PROGRESS_ROWS);
}
