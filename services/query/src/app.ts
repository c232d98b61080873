import { Router, type RequestHandler } from 'express';
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

/**
 * Every read of the API, mounted under /api; all of them answer from read models. One handler rather than a router
 * of three middlewares (writes passed on, X-Min-Position, the routers), which Express walked as three more layers on
 * every request.
 */
export function queryRouter(deps: QueryDeps): RequestHandler {
  const waitForPosition = minPosition(deps);
  const routers = byFirstSegment([
    profileQueries(deps),
    dashboardQueries(deps),
    progressQueries(deps),
    workoutQueries(deps),
    sessionQueries(deps),
    recordQueries(deps),
    importQueries(deps),
    mealPlanQueries(deps),
    ticketQueries(deps),
    waitlistQueries(deps),
    metricsQueries(deps),
    analyticsQueries(deps),
    exportQueries(deps),
    subscriptionQueries(deps),
    chatQueries(deps),
    deviceQueries(deps),
  ]);
  return (req, res, next) => {
    // Writes pass straight through to the command side.
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    waitForPosition(req, res, (error?: unknown) => (error ? next(error) : routers(req, res, next)));
  };
}

/** A router's layers as Express keeps them: a route's path, when the layer is a route. */
interface RouterLayers {
  stack: { route?: { path: unknown } }[];
}

/**
 * The routers in order, each reached only by the requests whose first path segment one of its routes starts with.
 * Mounted one after another, a GET walked every router before its own, and each router it passed ended with a turn
 * of the event loop (Express leaves a router that matched nothing through `setImmediate`): a dozen turns for a read
 * mounted late, a measurable share of a small GET (docs/decisions.md, issue 26). The table is read once from the
 * routes themselves, so a new route needs nothing here; a router with a layer that is not a route under a fixed
 * first segment (a `use`, a path starting with a parameter) is asked for every request, in its place. Segments are
 * compared lower-cased, as Express matches paths (not case-sensitive).
 */
export function byFirstSegment(routers: Router[]): RequestHandler {
  const everywhere: Router[] = [];
  const segmentsOf = new Map<Router, Set<string> | undefined>();
  for (const r of routers) {
    const segments = new Set<string>();
    let anywhere = false;
    for (const layer of (r as unknown as RouterLayers).stack) {
      const path = layer.route?.path;
      const first = typeof path === 'string' ? /^\/([A-Za-z0-9_.~-]+)(?:\/|$)/.exec(path)?.[1] : undefined;
      if (first === undefined) anywhere = true;
      else segments.add(first.toLowerCase());
    }
    segmentsOf.set(r, anywhere ? undefined : segments);
    if (anywhere) everywhere.push(r);
  }
  const table = new Map<string, Router[]>();
  for (const segment of new Set([...segmentsOf.values()].flatMap((s) => (s ? [...s] : [])))) {
    table.set(
      segment,
      routers.filter((r) => segmentsOf.get(r)?.has(segment) ?? true),
    );
  }
  return (req, res, next) => {
    const end = req.path.indexOf('/', 1);
    const segment = (end < 0 ? req.path.slice(1) : req.path.slice(1, end)).toLowerCase();
    const chain = table.get(segment) ?? everywhere;
    let i = 0;
    // A router that matched nothing calls back with nothing (it turns `next('router')` into that too): the next one.
    const step = (error?: unknown) => {
      if (error) return next(error);
      if (i >= chain.length) return next();
      chain[i++]!(req, res, step);
    };
    step();
  };
}
