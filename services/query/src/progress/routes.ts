import type { Router } from 'express';
import type { QueryDeps } from '../context.js';
import { userFactsQuery } from '../userFactsQuery.js';
import { progressOverview } from './overview.js';

/** GET /api/progress/overview. */
export const progressQueries = (deps: QueryDeps): Router => userFactsQuery(deps, '/progress/overview', progressOverview);
