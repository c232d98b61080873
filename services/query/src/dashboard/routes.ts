import type { GetRoutes } from '../../../platform/routing.js';
import type { QueryDeps } from '../context.js';
import { userFactsQuery } from '../userFactsQuery.js';
import { dashboardSummary } from './summary.js';

/** GET /api/dashboard/summary. */
export const dashboardQueries = (deps: QueryDeps): GetRoutes => userFactsQuery(deps, '/dashboard/summary', dashboardSummary);
