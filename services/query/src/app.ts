import type { RequestHandler } from 'express';
import { bySegment } from '../../platform/routing.js';
import { minPosition, type QueryDeps } from './context.js';
import { dashboardQueries } from './dashboard/routes.js';
import { profileQueries } from './accounts/profile/routes.js';
import { progressQueries } from './progress/routes.js';
import { sessionQueries } from './training/sessions/routes.js';
import { recordQueries } from './training/records/routes.js';
import { importQueries } from './imports/routes.js';
import { workoutQueries } from './training/regimens/routes.js';
import { mealPlanQueries } from './nutrition/routes.js';
import { foodQueries } from './nutrition/foodRoutes.js';
import { metricsQueries } from './landing/clicks/routes.js';
import { ticketQueries } from './support/routes.js';
import { waitlistQueries } from './landing/waitlist/routes.js';
import { analyticsQueries } from './analytics/routes.js';
import { exportQueries } from './imports/export/routes.js';
import { subscriptionQueries } from './billing/routes.js';
import { chatQueries } from './coach/routes.js';
import { deviceQueries } from './accounts/devices/routes.js';
import { reminderQueries } from './reminders/routes.js';

/**
 * Every read of the API, mounted under /api; all of them answer from read models. Writes pass straight through to
 * the command side; a read waits for X-Min-Position, then goes to the routers of its first path segment.
 */
export function queryRouter(deps: QueryDeps): RequestHandler {
  const waitForPosition = minPosition(deps);
  const routers = bySegment([
    [['profile'], profileQueries(deps)],
    [['dashboard'], dashboardQueries(deps)],
    [['progress'], progressQueries(deps)],
    [['workouts', 'workout-regimens', 'workout-session'], workoutQueries(deps)],
    [['workouts', 'exercise-logs'], sessionQueries(deps)],
    [['records'], recordQueries(deps)],
    [['imports'], importQueries(deps)],
    [['meal-plans'], mealPlanQueries(deps)],
    [['foods', 'food-log'], foodQueries(deps)],
    [['tickets'], ticketQueries(deps)],
    [['waitlist'], waitlistQueries(deps)],
    [['metrics'], metricsQueries(deps)],
    [['analytics'], analyticsQueries(deps)],
    [['export'], exportQueries(deps)],
    [['test-checkout'], subscriptionQueries(deps)],
    [['chat'], chatQueries(deps)],
    [['devices'], deviceQueries(deps)],
    [['reminders'], reminderQueries(deps)],
  ]);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    waitForPosition(req, res, (error?: unknown) => (error ? next(error) : routers(req, res, next)));
  };
}
