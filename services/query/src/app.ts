import { Router, type Request, type RequestHandler, type Response } from 'express';
import { minPosition, type QueryDeps } from './context.js';
import { dashboardQueries } from './dashboard/routes.js';
import { profileQueries } from './accounts/profile/routes.js';
import { progressQueries } from './progress/routes.js';
import { sessionQueries } from './training/sessions/routes.js';
import { recordQueries } from './training/records/routes.js';
import { importQueries } from './imports/routes.js';
import { workoutQueries } from './training/regimens/routes.js';
import { mealPlanQueries } from './nutrition/routes.js';
import { metricsQueries } from './landing/clicks/routes.js';
import { ticketQueries } from './support/routes.js';
import { waitlistQueries } from './landing/waitlist/routes.js';
import { analyticsQueries } from './analytics/routes.js';
import { exportQueries } from './imports/export/routes.js';
import { subscriptionQueries } from './billing/routes.js';
import { chatQueries } from './coach/routes.js';
import { deviceQueries } from './accounts/devices/routes.js';

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

/** A router's layers as Express keeps them: a route's path and methods, when the layer is a route. */
interface RouterLayers {
  stack: RouterLayer[];
}
interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean | undefined>; dispatch: (req: Request, res: Response, done: (error?: unknown) => void) => void };
  /** Whether the layer takes a request for this path (its params, set as it matches, are of no use here). */
  match(path: string): boolean;
}

/**
 * The routers in order, each reached only by the requests whose first path segment one of its routes starts with.
 * Mounted one after another, a GET walked every router before its own, and each router it passed ended with a turn
 * of the event loop (Express leaves a router that matched nothing through `setImmediate`): a dozen turns for a read
 * mounted late (docs/adr/0034-query-routes-are-reached-by-their-first-segment.md). The table is read once from the
 * routes themselves, so a new route needs nothing here; a router with a layer that is not a route under a fixed
 * first segment (a `use`, a path starting with a parameter) is asked for every request, in its place. Segments are
 * compared lower-cased, as Express matches paths (not case-sensitive).
 *
 * A GET of a fixed path (`/workouts`) that one route alone of its routers would take goes straight to that route,
 * without its router looking for it among its layers (a few µs of every such GET). Any other request, and any path
 * a second layer could also take (a parameter's route, a `use`), goes through the routers as Express would walk them.
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
  const routes = fixedGetRoutes(table);
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      const route = routes.get(fixedKey(req.path));
      // No other layer takes this path: a route that passes the request on (or leaves its router) passes it out.
      if (route) return route.dispatch(req, res, (error) => (error && error !== 'router' ? next(error) : next()));
    }
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

/** Express takes a path without regard to case, and with or without one trailing slash. */
const fixedKey = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
/** Whether a layer may take a GET: a `use`, or a route for GET, HEAD or every method. */
const takesGets = (layer: RouterLayer) => !layer.route || Boolean(layer.route.methods.get || layer.route.methods.head || layer.route.methods._all);
/** A path with nothing in it that path-to-regexp reads as a parameter, a wildcard, an optional part or a group. */
const FIXED_PATH = /^(?:\/[A-Za-z0-9_.~-]+)+$/;

/**
 * The GET routes of a fixed path that no other layer of the routers a request for it walks could take, by the
 * path's key: for those, finding the route is all the walk would do.
 */
function fixedGetRoutes(table: Map<string, Router[]>): Map<string, NonNullable<RouterLayer['route']>> {
  const routes = new Map<string, NonNullable<RouterLayer['route']>>();
  for (const [segment, chain] of table) {
    const layers = chain.flatMap((r) => (r as unknown as RouterLayers).stack);
    for (const layer of layers) {
      const route = layer.route;
      const path = route?.path;
      if (!route || typeof path !== 'string' || !FIXED_PATH.test(path) || !route.methods.get) continue;
      if (fixedKey(path).split('/')[1] !== segment) continue;
      if (layers.some((other) => other !== layer && takesGets(other) && other.match(path))) continue;
      routes.set(fixedKey(path), route);
    }
  }
  return routes;
}
