import { expect } from 'chai';
import express, { Router, type RequestHandler } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorHandler } from '../../services/platform/http.js';
import { createLogger } from '../../services/platform/logger.js';
import { bySegment, chain, getRoutes, type GetRoutes } from '../../services/platform/routing.js';

/** Express's `Router`, or a router of listed GET routes (which bySegment may pass by for a fixed path). */
type Make = () => Router | GetRoutes;

/** Routers as the slices make them, each answering which router and route took the GET, under the segments it lists. */
function routers(make: (name: string) => Router | GetRoutes) {
  const a = make('a');
  a.get('/workouts', (_req, res) => void res.json('a /workouts'));
  a.get('/records/:exercise/history', (req, res) => void res.json(`a history of ${String(req.params.exercise)}`));
  const b = make('b');
  // The same first segment as a's /workouts: reached after a, as when the routers were mounted one after another.
  b.get('/workouts/active-session', (_req, res) => void res.json('b active'));
  b.get('/workouts', (_req, res) => void res.json('b /workouts (never: a answers first)'));
  const c = make('c');
  // A route under a parameter: asked for the segments its router lists, in its place.
  c.get('/:anything/c', (_req, res) => void res.json('c'));
  const d = make('d');
  d.get('/fails', () => {
    throw new Error('d failed');
  });
  d.get('/async-fails', async () => {
    throw new Error('d failed later');
  });
  // Taken by c's route under a parameter, which comes first.
  d.get('/elsewhere/c', (_req, res) => void res.json('d (never: c answers first)'));
  // Passes every request on, as a route that is not the one for it.
  d.get('/passes', (_req, _res, next) => next());
  d.get('/leaves', (_req, _res, next) => next('router'));
  return [
    [['workouts', 'records'], a],
    [['workouts'], b],
    [['records', 'elsewhere'], c],
    [['fails', 'async-fails', 'elsewhere', 'passes', 'leaves'], d],
  ] as const;
}

const kinds: Array<[string, (name: string) => ReturnType<Make>]> = [
  ['Routers', () => Router()],
  ['listed GET routes', () => getRoutes()],
  // A segment with a router of another kind is walked as a whole: a's fixed /workouts goes through b's walk too.
  ['listed GET routes beside a Router', (name) => (name === 'b' ? Router() : getRoutes())],
];

for (const [kind, make] of kinds) describe(`routers reached by the first path segment they list (${kind})`, () => {
  let server: Server;
  let url: string;
  before(async () => {
    const app = express();
    app.use('/api', bySegment(routers(make)));
    app.use('/api', (_req, res) => void res.status(404).json('next'));
    app.use(errorHandler(createLogger('test', 'silent')));
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (path: string) => {
    const res = await fetch(url + path);
    return [res.status, await res.json()] as const;
  };

  it('answers from the first router holding the route, in the order the routers were given', async () => {
    expect(await get('/workouts')).to.deep.equal([200, 'a /workouts']);
    expect(await get('/workouts/active-session')).to.deep.equal([200, 'b active']);
    expect(await get('/records/squat/history')).to.deep.equal([200, 'a history of squat']);
  });

  it('matches as Express does: not case-sensitive, a trailing slash and a query allowed', async () => {
    expect(await get('/WorkOuts')).to.deep.equal([200, 'a /workouts']);
    expect(await get('/workouts/?limit=2')).to.deep.equal([200, 'a /workouts']);
  });

  it('asks a router with a route under a parameter for the segments it lists, and passes on what no router answers', async () => {
    expect(await get('/records/c')).to.deep.equal([200, 'c']);
    expect(await get('/elsewhere/c')).to.deep.equal([200, 'c']);
    expect(await get('/elsewhere')).to.deep.equal([404, 'next']);
    expect(await get('/unlisted/c')).to.deep.equal([404, 'next']);
    expect(await get('/workoutsx')).to.deep.equal([404, 'next']);
    expect(await get('/')).to.deep.equal([404, 'next']);
  });

  it("passes a route's error on to the error handler, thrown or rejected", async () => {
    expect((await get('/fails'))[0]).to.equal(500);
    expect((await get('/async-fails'))[0]).to.equal(500);
  });

  it('passes on what a route passes on, or leaves its router with', async () => {
    expect(await get('/passes')).to.deep.equal([404, 'next']);
    expect(await get('/leaves')).to.deep.equal([404, 'next']);
  });

  it('answers a HEAD as its GET, without the body', async () => {
    const res = await fetch(`${url}/workouts`, { method: 'HEAD' });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-length')).to.equal(String(JSON.stringify('a /workouts').length));
    expect(await res.text()).to.equal('');
  });
});

describe('handlers chained as one', () => {
  /** What the chain passed out, and which handlers ran. */
  const run = (...steps: unknown[]) => {
    const ran: number[] = [];
    const handlers = steps.map((step, i) => ((_req: unknown, _res: unknown, next: (error?: unknown) => void) => {
      ran.push(i);
      next(step);
    }) as RequestHandler);
    const out: unknown[][] = [];
    chain(handlers)({} as never, {} as never, (...args: unknown[]) => void out.push(args));
    return { ran, out };
  };

  it('hands the request on as a Router of them would', () => {
    expect(run(undefined, 'route', undefined)).to.deep.equal({ ran: [0, 1, 2], out: [[]] });
    expect(run('router', undefined)).to.deep.equal({ ran: [0], out: [[]] });
    const error = new Error('failed');
    expect(run(error, undefined)).to.deep.equal({ ran: [0], out: [[error]] });
  });
});
