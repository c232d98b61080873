import type { RequestHandler } from 'express';

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
  for (const segment of new Set(mounts.flatMap(([segments]) => segments.map((s) => s.toLowerCase())))) {
    const handlers = mounts.filter(([segments]) => segments.some((s) => s.toLowerCase() === segment)).map(([, handler]) => handler);
    table.set(segment, chain(handlers));
  }
  return (req, res, next) => {
    const path = req.path;
    const end = path.indexOf('/', 1);
    const handler = table.get((end < 0 ? path.slice(1) : path.slice(1, end)).toLowerCase()) ?? rest;
    if (handler) handler(req, res, next);
    else next();
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
