import { getRoutes, type GetRoutes } from '../../../platform/routing.js';
import { ADMIN_ROLES, signedInAs } from '../../../platform/auth.js';
import { notFound } from '../../../platform/http.js';
import type { QueryDeps } from '../context.js';
import { rangeOf } from './range.js';
import {
  analyticsDaysProjection,
  analyticsImportedWorkoutsProjection,
  analyticsImportsProjection,
  analyticsSessionsProjection,
  analyticsTicketsProjection,
  analyticsUsersProjection,
  currentUserDoc,
  type AnalyticsDayDoc,
  type AnalyticsImportDoc,
  type AnalyticsImportedWorkoutsDoc,
  type AnalyticsSessionDoc,
  type AnalyticsTicketDoc,
  type StoredUserDoc,
} from './projections.js';
import { computeSeries, fullRange, type AnalyticsDocs } from './series.js';
import { SERIES, type SeriesName } from '../../../../contract/analytics/seriesNames.js';

/**
 * GET /api/analytics/<series>?from=&to= for staff (role 2): the series `npm run analytics` writes, computed on
 * request from the analytics read models the projector keeps live (a few compact docs per day, user and ticket).
 */
export function analyticsQueries(deps: QueryDeps): GetRoutes {
  const router = getRoutes();
  router.get(
    '/analytics/:series',
    ...signedInAs(deps.tokens, deps.roleOf, ADMIN_ROLES, 'Analytics are for staff only'),
    async (req, res) => {
      const name = String(req.params.series);
      if (!(SERIES as readonly string[]).includes(name)) throw notFound(`No series ${name}; there are: ${SERIES.join(', ')}`);
      const [days, users, tickets, sessions, imports, importedWorkouts] = await Promise.all([
        deps.readModels.list<AnalyticsDayDoc>(analyticsDaysProjection.name),
        deps.readModels.list<StoredUserDoc>(analyticsUsersProjection.name).then((docs) => docs.map(currentUserDoc)),
        deps.readModels.list<AnalyticsTicketDoc>(analyticsTicketsProjection.name),
        deps.readModels.list<AnalyticsSessionDoc>(analyticsSessionsProjection.name),
        deps.readModels.list<AnalyticsImportDoc>(analyticsImportsProjection.name),
        deps.readModels.list<AnalyticsImportedWorkoutsDoc>(analyticsImportedWorkoutsProjection.name),
      ]);
      const docs: AnalyticsDocs = { days, users, tickets, sessions, imports, importedWorkouts };
      const today = deps.now().toISOString().slice(0, 10);
      const range = rangeOf(req.query, fullRange(docs), today);
      const series = computeSeries(name as SeriesName, docs, range, today);
      res.json({ ...series, from: range.from, to: range.to });
    },
  );
  return router;
}
