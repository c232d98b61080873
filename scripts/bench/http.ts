import autocannon from 'autocannon';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { startBareApart } from './apart.js';
import { ChildRunner, note, percentile, round } from './common.js';

/** One GET endpoint of the app to load, with the bearer token to send. */
export interface Endpoint {
  name: string;
  path: string;
  token?: string;
}

export interface LoadInput {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
  /** A run before the measured one, not counted; 0 for none. */
  warmupS: number;
  /** When set, the run sends this many requests instead of running for `durationS` (CPU per request, cpuApart.ts). */
  amount?: number;
}

/** One autocannon run, raw: every response's latency (ms, float), so runs can be merged before taking percentiles. */
export interface LoadRun {
  seconds: number;
  responses: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latenciesMs: number[];
  /** CPU time of the serving process during the run, µs: the load generator runs in a child of its own. */
  serverCpuUs?: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  requests: number;
  seconds: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** req/s of each round, in the order run. */
  rounds: number[];
  /** The serving process's CPU time per answered request, µs: less swayed by other work on a shared machine. */
  cpuPerRequestUs: number;
}

export interface EndpointFigures extends LoadFigures {
  name: string;
  path: string;
  bodyBytes: number;
  /**
   * This endpoint's req/s ÷ the bare handler's around it: over all rounds (its answers ÷ what the bare handler
   * answered in as long, by the mean of its runs just before and just after each of this endpoint's), and per round.
   */
  ratio: number;
  /** The bare handler's CPU per request ÷ this endpoint's: the ratio the two would reach on a core of their own. */
  cpuRatio: number;
  ratioRounds: number[];
  /**
   * This endpoint's p99 ÷ the bare handler's p99 over its runs just before and just after each of this endpoint's
   * (`bareP99Ms`), the same runs its req/s is divided by.
   */
  p99Ratio: number;
  bareP99Ms: number;
}

/** A bare handler's figures, named by how it ran. */
export interface BareFigures extends LoadFigures {
  name: string;
  bodyBytes: number;
}

export interface HttpFigures {
  /** Where the app and the bare handler ran: both in the bench's process, or each in a process of its own. */
  servers: Servers;
  connections: number;
  durationS: number;
  warmupS: number;
  rounds: number;
  /** The baseline every ratio divides by: the bare handler started the way the app is (`bares[0]`). */
  bare: BareFigures;
  /** Every bare handler measured; apart, also one under the tsx loader, as `npm run start:dev` runs the app. */
  bares: BareFigures[];
  endpoints: EndpointFigures[];
  /** The machine's load average (1, 5, 15 min) when the run started and when it ended. */
  loadAverage: { start: number[]; end: number[] };
}

export interface HttpOptions {
  /** The running app, e.g. http://127.0.0.1:1234 */
  baseUrl: string;
  endpoints: Endpoint[];
  connections: number;
  /** Measured seconds per target, split evenly over `rounds`. */
  durationS: number;
  /** Seconds of load each target gets, one after the other, before any is measured; 0 for none. */
  warmupS: number;
  /**
   * Targets are measured in rounds, alternating order (A, B, … / …, B, A), so a change in the machine's load during
   * the run falls on all of them alike instead of on whichever ran last; within a round the baseline (the first
   * bare handler) runs before the first target and again after every `BRACKET` targets.
   */
  rounds: number;
  /** What the bare handler answers; by default the first endpoint's answer. */
  bareBody?: unknown;
  /**
   * 'in-process': the app at `baseUrl` and the bare handler both run in this process (the bench's first way, which
   * flatters the app: its baseline shares the app's process and heap). 'apart': the app runs in a process of its
   * own (`appCpuUs` reads its CPU time) and so does each bare handler: one with plain node (as `npm start` runs the
   * compiled app: the baseline) and one with the tsx loader.
   */
  servers: Servers;
  appCpuUs?: () => number | undefined;
}

export type Servers = 'in-process' | 'apart';

const processCpuUs = () => {
  const cpu = process.cpuUsage();
  return cpu.user + cpu.system;
};

/** Runs in a child process (`child.ts`): autocannon against one URL, after an optional warm-up run. */
export async function runLoad(input: LoadInput): Promise<LoadRun> {
  const options = { url: input.url, headers: input.headers, connections: input.connections };
  if (input.warmupS > 0) await autocannon({ ...options, duration: input.warmupS });
  const latenciesMs: number[] = [];
  let non2xx = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(input.amount ? { ...options, amount: input.amount } : { ...options, duration: input.durationS }, (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latenciesMs.push(responseTime);
      if (statusCode < 200 || statusCode > 299) non2xx += 1;
    });
  });
  return { seconds: result.duration, responses: latenciesMs.length, non2xx, errors: result.errors, timeouts: result.timeouts, latenciesMs };
}

function summarize(runs: LoadRun[]): LoadFigures {
  const seconds = runs.reduce((s, r) => s + r.seconds, 0);
  const ok = runs.reduce((s, r) => s + r.responses - r.non2xx, 0);
  const latencies = runs.flatMap((r) => r.latenciesMs);
  return {
    requestsPerSecond: Math.round(ok / seconds),
    requests: ok,
    seconds: round(seconds, 2),
    latencyP50Ms: round(percentile(latencies, 50), 2),
    latencyP99Ms: round(percentile(latencies, 99), 2),
    latencyMeanMs: round(latencies.reduce((s, v) => s + v, 0) / latencies.length, 2),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    timeouts: runs.reduce((s, r) => s + r.timeouts, 0),
    rounds: runs.map((r) => Math.round((r.responses - r.non2xx) / r.seconds)),
    cpuPerRequestUs: Math.round(runs.reduce((s, r) => s + (r.serverCpuUs ?? 0), 0) / Math.max(1, runs.reduce((s, r) => s + r.responses, 0))),
  };
}

interface Bare {
  name: string;
  url: string;
  cpuUs: () => number | undefined;
  close: () => Promise<void>;
}

/** A bare Express app with one handler answering `body`, on a free 127.0.0.1 port of this process. */
async function startBare(path: string, body: unknown): Promise<Bare> {
  const app = express();
  app.disable('x-powered-by');
  app.get(path, (_req, res) => {
    res.json(body);
  });
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  return {
    name: 'bare Express handler',
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    cpuUs: processCpuUs,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function startBaresApart(path: string, body: unknown): Promise<Bare[]> {
  const bares: Bare[] = [];
  for (const how of ['node', 'tsx'] as const) {
    const bare = await startBareApart(path, body, how);
    bares.push({ name: `bare Express handler, ${how === 'node' ? 'node' : 'node + tsx loader'}`, url: bare.url + path, cpuUs: bare.cpuUs, close: bare.stop });
  }
  return bares;
}

const authHeaders = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/**
 * Requests/s and latency of each endpoint and of a bare Express handler answering a JSON of the same size, measured
 * the same way in the same run. The load generator (autocannon) runs in its own process; the servers stay here.
 */
export async function measureHttp(options: HttpOptions): Promise<HttpFigures> {
  const answers: { endpoint: Endpoint; text: string }[] = [];
  for (const endpoint of options.endpoints) {
    const res = await fetch(options.baseUrl + endpoint.path, { headers: authHeaders(endpoint.token) });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${endpoint.name} answered ${res.status} before the load: ${text}`);
    answers.push({ endpoint, text });
  }
  const bareBody: unknown = options.bareBody ?? JSON.parse(answers[0]!.text);
  const bareBytes = Buffer.byteLength(JSON.stringify(bareBody));
  const loadStart = loadAverage();
  const apart = options.servers === 'apart';
  const bares = apart ? await startBaresApart('/api/profile', bareBody) : [await startBare('/api/profile', bareBody)];
  const appCpuUs = apart ? (options.appCpuUs ?? (() => undefined)) : processCpuUs;
  // The bare handler gets the same Authorization header as the app, so both requests are the same size.
  const targets = [
    ...bares.map((b) => ({ name: b.name, url: b.url, token: options.endpoints[0]?.token, cpuUs: b.cpuUs })),
    ...options.endpoints.map((e) => ({ name: e.name, url: options.baseUrl + e.path, token: e.token, cpuUs: appCpuUs })),
  ];
  const runs = targets.map(() => [] as LoadRun[]);
  // Each measured run of every other target is bracketed by runs of the baseline: its req/s then divides by the
  // mean of those two (`bracketRps`). Measured once a round, the baseline stood up to a minute from the targets
  // measured last in the round, and this machine's speed wanders on that scale: those targets came out lowest in
  // every round, whichever order it took.
  const bracketRps = targets.map(() => [] as number[]);
  /** For each target, the baseline's runs (by index) just before and just after each of its own. */
  const bracketRuns = targets.map(() => new Set<number>());
  const roundS = options.durationS / options.rounds;
  const loader = new ChildRunner();
  const measure = async (i: number, label: string) => {
    const target = targets[i]!;
    note(`http (${options.servers}): ${label} ${target.name}, ${options.connections} connections, ${round2(roundS)} s`);
    const load: LoadInput = { url: target.url, headers: authHeaders(target.token), connections: options.connections, durationS: roundS, warmupS: 0 };
    const cpu0 = target.cpuUs();
    const run = await loader.run<LoadInput, LoadRun>('load', load, roundS * 1000 + 60_000);
    const cpu1 = target.cpuUs();
    runs[i]!.push({ ...run, serverCpuUs: cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0 });
    return okPerSecond(run);
  };
  try {
    // Every target is warmed before any is measured: warmed just before its own first round, the first GET measured
    // paid alone for the app's code warming up (its p99 came out some 40 % above the others').
    if (options.warmupS > 0) {
      for (const target of targets) {
        note(`http (${options.servers}): warm-up ${target.name}, ${options.connections} connections, ${options.warmupS} s`);
        const load = { url: target.url, headers: authHeaders(target.token), connections: options.connections, warmupS: 0, durationS: options.warmupS };
        await loader.run<LoadInput, LoadRun>('load', load, options.warmupS * 1000 + 60_000);
      }
    }
    for (let round = 0; round < options.rounds; round += 1) {
      const order = targets.map((_, i) => i).slice(1);
      if (round % 2 === 1) order.reverse();
      const label = `round ${round + 1}/${options.rounds}`;
      let before = await measure(0, label);
      for (let at = 0; at < order.length; at += BRACKET) {
        const group = order.slice(at, at + BRACKET);
        const measured: [number, number][] = [];
        for (const i of group) measured.push([i, await measure(i, label)]);
        const after = await measure(0, label);
        const [beforeRun, afterRun] = [runs[0]!.length - 2, runs[0]!.length - 1];
        for (const [i] of measured) {
          bracketRps[i]!.push((before + after) / 2);
          bracketRuns[i]!.add(beforeRun).add(afterRun);
        }
        before = after;
      }
    }
  } finally {
    loader.close();
    for (const bare of bares) await bare.close();
  }
  const bareFigures = bares.map((b, i) => ({ name: b.name, ...summarize(runs[i]!), bodyBytes: bareBytes }));
  const baseline = bareFigures[0]!;
  /** A target's req/s beside the baseline's around it: its answers over what the baseline answered in as long. */
  const ratioOf = (i: number) => {
    const own = runs[i]!;
    const expected = own.reduce((sum, run, r) => sum + bracketRps[i]![r]! * run.seconds, 0);
    return {
      ratio: round(own.reduce((sum, run) => sum + run.responses - run.non2xx, 0) / expected, 3),
      ratioRounds: own.map((run, r) => round(okPerSecond(run) / bracketRps[i]![r]!, 3)),
    };
  };
  // A stall of the machine (a second of it lands in some runs and not others) moves a p99 far more than a req/s: the
  // baseline's p99 is taken over the same runs around the target as its req/s, not over all of the baseline's runs.
  const p99Of = (i: number, p99Ms: number) => {
    const bareP99Ms = round(percentile([...bracketRuns[i]!].flatMap((r) => runs[0]![r]!.latenciesMs), 99), 2);
    return { bareP99Ms, p99Ratio: round(p99Ms / bareP99Ms, 2) };
  };
  return {
    servers: options.servers,
    connections: options.connections,
    durationS: options.durationS,
    warmupS: options.warmupS,
    rounds: options.rounds,
    bare: baseline,
    bares: bareFigures,
    endpoints: answers.map(({ endpoint, text }, i) => {
      const figures = summarize(runs[i + bares.length]!);
      return {
        name: endpoint.name,
        path: endpoint.path,
        bodyBytes: Buffer.byteLength(text),
        ...figures,
        ...ratioOf(i + bares.length),
        cpuRatio: round(baseline.cpuPerRequestUs / figures.cpuPerRequestUs, 3),
        ...p99Of(i + bares.length, figures.latencyP99Ms),
      };
    }),
    loadAverage: { start: loadStart, end: loadAverage() },
  };
}

const loadAverage = () => os.loadavg().map((l) => round(l, 2));

const round2 = (value: number) => round(value, 2);

/** How many targets are measured between two runs of the baseline. */
const BRACKET = 4;

const okPerSecond = (run: LoadRun) => (run.responses - run.non2xx) / run.seconds;
