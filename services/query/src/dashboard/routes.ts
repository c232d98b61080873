import type { Router } from 'express';
import type { QueryDeps } from '../context.js';
import { userFactsQuery } from '../userFactsQuery.js';
import { dashboardSummary } from './summary.js';

/** GET /api/dashboard/summary. */
export const dashboardQueries = (deps: QueryDeps): Router => userFactsQuery(deps, '/dashboard/summary', dashboardSummary);
