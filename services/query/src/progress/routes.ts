import type { GetRoutes } from '../../../platform/routing.js';
import type { QueryDeps } from '../context.js';
import { userFactsQuery } from '../userFactsQuery.js';
import { progressOverview } from './overview.js';

/** GET /api/progress/overview. */
export const progressQueries = (deps: QueryDeps): GetRoutes => userFactsQuery(deps, '/progress/overview', progressOverview);
