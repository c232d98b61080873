/**
 * The answer of GET /api/progress/overview as a type, written once for both sides: overview.ts builds it and the web
 * client's progress feature reads it. Types only, importing nothing, so the web build takes nothing else from the
 * server.
 */

/** One line of recent activity: a meal logged or a workout finished, newest first. */
export interface ActivityItem {
  type: 'meal' | 'workout';
  detail: string;
  time: string;
}

/** docs/product.md#what-the-app-keeps-and-answers "Progress data, widget form": what the reusable widgets read. */
export interface ProgressWidgetData {
  weekly_logins: boolean[];
  current_streak: number;
  longest_streak: number;
  workouts: { completed: number; weekly_goal: number };
  weight: { current: number | null; target: number | null };
  activity: ActivityItem[];
}

/**
 * docs/product.md#what-the-app-keeps-and-answers "Progress overview response", which also carries the widget form (docs/adr/0094): the
 * same facts under the overview's camel-case names and the widget form's snake-case ones.
 */
export interface ProgressOverview extends ProgressWidgetData {
  /** The account's first local day: the earliest "As of", where the charts start (workouts: where imported ones do). */
  since: string;
  loginStreak: number;
  currentStreak: number;
  longestStreak: number;
  weeklyLogins: boolean[];
  recentActivity: ActivityItem[];
  /** Workouts finished in each of the last 8 weeks, oldest first; `wk` is the Monday, MM/DD. */
  workouts: ProgressWidgetData['workouts'] & { history: Array<{ wk: string; workouts: number }> };
  weight: ProgressWidgetData['weight'] & { history: Array<{ date: string; weight_lb: number }> };
  body: { history: Array<{ date: string; body_fat_percentage: number | null; muscle_percentage: number | null }> };
  /**
   * Calories and macros eaten on each day of the last month, null on a day with nothing logged; `goal` the daily
   * calorie target and `targets` all four (the food log's: at the primary meal plan's goal when there is one).
   */
  nutrition: {
    history: Array<{ d: string; calories: number | null; protein: number | null; carbs: number | null; fats: number | null }>;
    goal: number;
    targets: { calories: number; protein: number; carbs: number; fats: number };
  };
}
