import { IMPORT_SOURCE_NAMES } from '../../../../contract/imports/importAnswer.js';
import { dayTargets, eaten, primaryPlanOf, totalsByDay } from '../nutrition/api.js';
import { addDays, addMonths, mondayOf } from './calendar.js';
import { UserDay } from './facts.js';
import type { ActivityItem, ProgressOverview } from '../../../../contract/progress/overviewAnswer.js';
import type { Macros } from '../../../../contract/nutrition/foodLogAnswer.js';
import { RECENT_ACTIVITY_ITEMS, type ShownSession } from './screens.projection.js';
import type { UserFacts } from './userFacts.js';
import type { MealLogView } from '../nutrition/api.js';
import { daySummary, exercisesLoggedIn } from '../training/api.js';

const WEEKS_OF_WORKOUTS = 8;
const MONTHS_OF_BODY_HISTORY = 3;
const MONTHS_OF_CALORIES = 1;

/**
 * docs/product.md#what-the-app-keeps-and-answers "Progress overview response", with the widget form's fields beside it (docs/adr/0094):
 * `weeklyLogins`, `currentStreak`, `longestStreak`, and `current` / `completed` / `weekly_goal` inside `weight` and
 * `workouts`; and the same under the widget form's own names: `weekly_logins`, `current_streak`, `longest_streak`,
 * `activity`.
 */
export function progressOverview(facts: UserFacts, now: Date): ProgressOverview {
  const day = new UserDay(facts, now);
  const { current, longest } = day.streaks;
  const weekLogins = new Set(day.weekActiveDays);
  const finished = day.finishedSessions;
  const since3Months = addMonths(day.today, -MONTHS_OF_BODY_HISTORY);
  const inBodyWindow = day.measurements.filter((m) => m.date > since3Months);
  const weights = lastPerDay(inBodyWindow.filter((m) => m.weight_lb !== null).map((m) => ({ date: m.date, weight_lb: m.weight_lb! })));
  const allWeights = day.measurements.filter((m) => m.weight_lb !== null);
  const plan = primaryPlanOf(facts.mealPlans);
  const weeklyLogins = Array.from({ length: 7 }, (_, i) => weekLogins.has(i));
  const activity = recentActivity(day);
  return {
    /**
     * The account's first local day: the earliest "As of" there is, and where the charts start (the workouts chart
     * earlier where imported history goes further back).
     */
    since: day.firstDay,
    loginStreak: current,
    currentStreak: current,
    longestStreak: longest,
    weeklyLogins,
    // The spec's widget form spells these in snake case; both spellings are served
    // (docs/adr/0094-progress-starts-where-the-account-does.md).
    current_streak: current,
    longest_streak: longest,
    weekly_logins: weeklyLogins,
    recentActivity: activity,
    activity,
    workouts: {
      history: weeklyWorkouts(day),
      completed: finished.filter((s) => day.inThisWeek(s.end_time!)).length,
      weekly_goal: facts.profile.weekly_workout_frequency ?? 0,
    },
    weight: {
      history: weights,
      target: facts.profile.target_weight_lb,
      current: allWeights[allWeights.length - 1]?.weight_lb ?? facts.profile.weight_lb,
    },
    body: {
      history: lastPerDay(
        inBodyWindow
          .filter((m) => m.body_fat_percentage !== null || m.muscle_percentage !== null)
          .map((m) => ({ date: m.date, body_fat_percentage: m.body_fat_percentage, muscle_percentage: m.muscle_percentage })),
      ),
    },
    nutrition: nutrition(day, dayTargets(facts.profile, plan?.calorie_goal)),
  };
}

/** One point per day: the day's last measurement. */
function lastPerDay<T extends { date: string }>(points: T[]): T[] {
  const byDay = new Map<string, T>();
  for (const point of points) byDay.set(point.date, point);
  return [...byDay.values()];
}

/**
 * Workouts finished in each of the last 8 weeks (Monday to Sunday), oldest first, from the account's first week on,
 * or from the first workout's where the person brought older history in (an import); `wk` is the Monday, MM/DD.
 */
function weeklyWorkouts(day: UserDay) {
  const counts = new Map<string, number>();
  let first = day.firstDay;
  for (const s of day.finishedSessions) {
    const ended = day.day(s.end_time!);
    if (ended < first) first = ended;
    const monday = mondayOf(ended);
    counts.set(monday, (counts.get(monday) ?? 0) + 1);
  }
  const firstMonday = mondayOf(first);
  return Array.from({ length: WEEKS_OF_WORKOUTS }, (_, i) => addDays(day.monday, -7 * (WEEKS_OF_WORKOUTS - 1 - i)))
    .filter((monday) => monday >= firstMonday)
    .map((monday) => ({ wk: `${monday.slice(5, 7)}/${monday.slice(8, 10)}`, workouts: counts.get(monday) ?? 0 }));
}

/**
 * Calories and macros eaten on each day of the last month, today included; a day with nothing logged is null (a gap
 * in the chart: nothing known, not 0 kcal eaten). Against the day's targets, the same as the food log's.
 */
function nutrition(day: UserDay, targets: Macros): ProgressOverview['nutrition'] {
  // Planned meals logged and foods logged, each on the person's day (nutrition/foodDay.ts).
  const totals = totalsByDay(eaten(day.facts.foodLogs, day.facts.mealLogs, day.day));
  // A month back, but not before the account existed: the days before it were not 0 kcal, they were not there.
  const monthBack = addDays(addMonths(day.today, -MONTHS_OF_CALORIES), 1);
  const first = monthBack > day.firstDay ? monthBack : day.firstDay;
  const history: ProgressOverview['nutrition']['history'] = [];
  for (let d = first; d <= day.today; d = addDays(d, 1)) {
    const eatenOn = totals.get(d);
    history.push(eatenOn ? { d, ...eatenOn } : { d, calories: null, protein: null, carbs: null, fats: null });
  }
  return { history, goal: targets.calories, targets };
}

/** Meals logged and workouts finished, newest first. */
function recentActivity(day: UserDay): ActivityItem[] {
  // Sorted by time first and only the rows shown are written out: the history behind them grows without end.
  type Item = { time: string; meal?: MealLogView; session?: ShownSession };
  const items: Item[] = [...day.mealLogs.map((meal) => ({ time: meal.logged_at, meal })), ...day.finishedSessions.map((session) => ({ time: session.end_time!, session }))];
  // ISO instants of one format sort as plain strings; localeCompare's collation was a large share of this answer.
  const shown = items.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0)).slice(0, RECENT_ACTIVITY_ITEMS);
  const regimens = new Map((day.facts.regimens?.regimens ?? []).map((r) => [r.regimen_id, r]));
  return shown.map(({ time, meal, session }) => {
    if (meal) return { type: 'meal' as const, detail: `${meal.meal_time}: ${meal.name} (${Math.round(meal.calories)} kcal)`, time };
    const s = session!;
    const count = exercisesLoggedIn(s);
    const exercises = `, ${count} exercise${count > 1 ? 's' : ''}`;
    const length = `(${UserDay.minutesOf(s)} min${exercises})`;
    // An imported workout has no plan here: its name in the app it came from, and that app.
    if (s.imported) return { type: 'workout' as const, detail: `${s.imported.name || 'Workout'} ${length}, imported from ${IMPORT_SOURCE_NAMES[s.imported.app]}`, time };
    const regimen = regimens.get(s.regimen_id);
    const summary = daySummary(regimen, s.day_number);
    return {
      type: 'workout' as const,
      detail: `${regimen ? `${regimen.name}: ` : ''}${summary} ${length}`,
      time,
    };
  });
}
