import type { ProgressOverview, ProgressWidgetData } from '../../../../contract/progress/overviewAnswer';
import { api } from '../../shared/api/api';

export type { ProgressOverview, ProgressWidgetData };

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
    o.nutrition.history.every((n) => n.calories === null) &&
    o.weight.history.length <= 1 &&
    o.body.history.length === 0
  );
}
