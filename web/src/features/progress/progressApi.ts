import { api } from '../../app/api';

/** docs/product.md#records "Progress data, widget form": what the reusable widgets read. */
export interface ProgressWidgetData {
  weekly_logins: boolean[];
  current_streak: number;
  longest_streak: number;
  workouts: { completed: number; weekly_goal: number };
  weight: { current: number | null; target: number | null };
  activity: Array<{ type: 'meal' | 'workout'; detail: string; time: string }>;
}

/** docs/product.md#records "Progress overview response", which also carries the widget form (docs/decisions.md). */
export interface ProgressOverview extends ProgressWidgetData {
  /** The account's first local day: the earliest "As of", where the charts start. */
  since?: string;
  loginStreak: number;
  recentActivity: ProgressWidgetData['activity'];
  workouts: ProgressWidgetData['workouts'] & { history: Array<{ wk: string; workouts: number }> };
  weight: ProgressWidgetData['weight'] & { history: Array<{ date: string; weight_lb: number }> };
  body: { history: Array<{ date: string; body_fat_percentage: number | null; muscle_percentage: number | null }> };
  nutrition: { history: Array<{ d: string; calories: number }>; goal: number | null };
}

const progressApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** With a date (YYYY-MM-DD): the overview as it stood at the end of that day (time travel). */
    progressOverview: build.query<ProgressOverview, string | void>({
      query: (asOf) => (asOf ? `/progress/overview?asOf=${asOf}` : '/progress/overview'),
      providesTags: ['Progress'],
    }),
  }),
});

export const { useProgressOverviewQuery } = progressApi;

/**
 * A new user has nothing to chart yet: no activity, no workout or calories in the windows, and no weight beyond the
 * one recorded at sign-up.
 */
export function isNewUser(o: ProgressOverview): boolean {
  return (
    o.activity.length === 0 &&
    o.workouts.history.every((w) => w.workouts === 0) &&
    o.nutrition.history.every((n) => n.calories === 0) &&
    o.weight.history.length <= 1 &&
    o.body.history.length === 0
  );
}
