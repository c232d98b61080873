import { Router } from 'express';
import { minPosition, type QueryDeps } from './context.js';
import { dashboardQueries } from './dashboard/routes.js';
import { profileQueries } from './profile/routes.js';
import { progressQueries } from './progress/routes.js';
import { sessionQueries } from './sessions/routes.js';
import { recordQueries } from './records/routes.js';
import { importQueries } from './imports/routes.js';
import { workoutQueries } from './workouts/routes.js';
import { mealPlanQueries } from './meals/routes.js';
import { metricsQueries } from './metrics/routes.js';
import { ticketQueries } from './tickets/routes.js';
import { waitlistQueries } from './waitlist/routes.js';
import { analyticsQueries } from './analytics/routes.js';
import { exportQueries } from './history/routes.js';
import { subscriptionQueries } from './subscription/routes.js';
import { chatQueries } from './chat/routes.js';
import { deviceQueries } from './devices/routes.js';

/** Every read of the API, mounted under /api; all of them answer from read models. */
export function queryRouter(deps: QueryDeps): Router {
  const router = Router();
  // Writes pass straight through to the command side.
  router.use((req, _res, next) => next(req.method === 'GET' || req.method === 'HEAD' ? undefined : 'router'));
  router.use(minPosition(deps));
  router.use(profileQueries(deps));
  router.use(dashboardQueries(deps));
  router.use(progressQueries(deps));
  router.use(workoutQueries(deps));
  router.use(sessionQueries(deps));
  router.use(recordQueries(deps));
  router.use(importQueries(deps));
  router.use(mealPlanQueries(deps));
  router.use(ticketQueries(deps));
  router.use(waitlistQueries(deps));
  router.use(metricsQueries(deps));
  router.use(analyticsQueries(deps));
  router.use(exportQueries(deps));
  router.use(subscriptionQueries(deps));
  router.use(chatQueries(deps));
  router.use(deviceQueries(deps));
  return router;
}
