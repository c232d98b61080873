import { Router, type RequestHandler } from 'express';

/**
 * A router and the first path segments of its routes (under /api): `[['workouts', 'exercise-logs'], sessionRoutes]`.
 * A route under a segment its router does not list here is never reached, so a new first segment is added here too.
 */
export type Mount = readonly [segments: readonly string[], handler: RequestHandler];

/**
 * The routers, each asked only for the requests whose first path segment it lists, in the order given; a request
 * under a segment nobody lists goes to `rest` (by default, on to the next handler). Every segment's routers are
 * mounted on a router of their own (or called directly when there is one), through Express's public API: a request
 * passes through the few routers of its segment, not through every one before its own. Segments are compared
 * lower-cased, as Express matches paths (not case-sensitive).
 */
export function bySegment(mounts: readonly Mount[], rest?: RequestHandler): RequestHandler {
  const table = new Map<string, RequestHandler>();
  const fixed = new Map<string, RequestHandler>();
  for (const segment of new Set(mounts.flatMap(([segments]) => segments.map((s) => s.toLowerCase())))) {
    const handlers = mounts.filter(([segments]) => segments.some((s) => s.toLowerCase() === segment)).map(([, handler]) => handler);
    table.set(segment, chain(handlers));
    for (const [path, route] of fixedRoutes(segment, handlers)) fixed.set(path, route);
  }
  return (req, res, next) => {
    const path = req.path;
    if (fixed.size > 0 && (req.method === 'GET' || req.method === 'HEAD')) {
      const lower = path.toLowerCase();
      const route = fixed.get(lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower);
      if (route) {
        req.params = {};
        return route(req, res, next);
      }
    }
    const end = path.indexOf('/', 1);
    const handler = table.get((end < 0 ? path.slice(1) : path.slice(1, end)).toLowerCase()) ?? rest;
    if (handler) handler(req, res, next);
    else next();
  };
}

/** The GET routes of a router made by `getRoutes`, in the order given. */
const listed = new WeakMap<RequestHandler, Array<{ path: string; handlers: RequestHandler[] }>>();

/**
 * A router of GET routes that lists them (its `get` is Express's `router.get` for a path and handlers), so `bySegment`
 * can send a GET of a fixed path straight to its route, past the router's own walk of its layers. That is what the
 * router would do: only routes of this kind are in it, and a path is sent straight only when no other route of its
 * segment, in any router, could take it.
 */
export interface GetRoutes extends RequestHandler {
  get(path: string, ...handlers: RequestHandler[]): GetRoutes;
}

export function getRoutes(): GetRoutes {
  const router = Router();
  const routes: Array<{ path: string; handlers: RequestHandler[] }> = [];
  const self = ((req, res, next) => router(req, res, next)) as GetRoutes;
  self.get = (path, ...handlers) => {
    router.get(path, ...handlers);
    routes.push({ path, handlers });
    return self;
  };
  listed.set(self, routes);
  return self;
}

/** A path of plain segments only: no parameter, wildcard or pattern. */
const FIXED_PATH = /^(?:\/[A-Za-z0-9._~-]+)+$/;

/**
 * The fixed-path routes of a segment's handlers that may go straight to their route (by lower-cased path): all of
 * them when every handler is a `getRoutes` router, those paths no other route of the segment could match (one with as
 * many segments, each equal or a parameter); none as soon as a handler is another kind, or a route's path is a pattern
 * beyond plain segments and parameters.
 */
function fixedRoutes(segment: string, handlers: readonly RequestHandler[]): Map<string, RequestHandler> {
  const routes = handlers.map((h) => listed.get(h));
  if (routes.some((r) => r === undefined)) return new Map();
  const all = routes.flatMap((r) => r!).map(({ path, handlers }) => ({ parts: path.toLowerCase().split('/').slice(1), path, handlers }));
  if (all.some(({ path, parts }) => !FIXED_PATH.test(path) && !parts.every((p) => /^[A-Za-z0-9._~-]+$/.test(p) || /^:[A-Za-z_]\w*$/.test(p)))) return new Map();
  const couldTake = (parts: string[], path: string[]) => parts.length === path.length && parts.every((p, i) => p.startsWith(':') || p === path[i]);
  const fixed = new Map<string, RequestHandler>();
  for (const route of all) {
    if (!FIXED_PATH.test(route.path) || route.parts[0] !== segment) continue;
    if (all.filter((other) => couldTake(other.parts, route.parts)).length !== 1) continue;
    fixed.set(`/${route.parts.join('/')}`, routeOf(route.handlers));
  }
  return fixed;
}

/**
 * A route's handlers as Express's route runs them: each in turn on `next()`, out of the route on `next('route')` or
 * `next('router')` (no other route of the segment takes the path, so the request passes on), an error out at once; a
 * throw or a rejected promise is that handler's error.
 */
function routeOf(handlers: readonly RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let i = 0;
    const step = (error?: unknown): void => {
      if (error === 'route' || error === 'router') return next();
      if (error) return next(error);
      if (i >= handlers.length) return next();
      const handler = handlers[i++]!;
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.then(undefined, (reason: unknown) => step(reason ?? new Error('Rejected promise')));
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
}

/**
 * The handlers one after another, as one: the one handler itself when there is one. They pass the request on as in
 * a `Router` of them (`next()` or `next('route')` to the one after, `next('router')` out of the chain, an error out at
 * once), by plain calls: a `Router` would add its own walk of its layers to every request through the chain.
 */
export function chain(handlers: readonly RequestHandler[]): RequestHandler {
  if (handlers.length === 1) return handlers[0]!;
  return (req, res, next) => {
    let i = 0;
    const step = (error?: unknown): void => {
      if (error && error !== 'route' && error !== 'router') return next(error);
      if (error === 'router' || i >= handlers.length) return next();
      handlers[i++]!(req, res, step);
    };
    step();
  };
}
