/**
 * The food log's costs: GET /api/foods?q= for a plain, a word-swapped and a misspelt query, hammered by autocannon
 * (50 connections, in a child process) beside a bare Express handler answering the first answer's body in this
 * process: p50, p99 and req/s each as a ratio to the bare handler's (docs/adr/0145). Then POST /api/food-log one at a
 * time (a catalogue food by portion): its p50 and p99. A row of `npm run bench`; `npx tsx scripts/bench/foods.ts
 * [seconds]` runs it alone and prints its rows and one JSON line.
 */
import { fileURLToPath } from 'node:url';
import { ROLES } from '../../contract/accounts/roles.js';
import { note, now, percentile, round, runBenchScript } from './common.js';
import { measureHttp } from './http.js';
import { startBenchSystem, subscriberWithHistory, type BenchSystem } from './system.js';

const QUERIES = ['veggie pizza', 'breast chicken roasted', 'chiken brest'];
const LOGS = 300;
const CONNECTIONS = 50;

export interface FoodFigures {
  connections: number;
  bare: { p50Ms: number; p99Ms: number; requestsPerSecond: number };
  /** Each query's latencies, and each as a ratio to the bare handler's (p50, p99: app ÷ bare; req/s: app ÷ bare). */
  search: Array<{ name: string; p50Ms: number; p99Ms: number; p50Ratio: number; p99Ratio: number; reqPerSecRatio: number; cpuPerRequestUs: number; bytes: number }>;
  log: { entries: number; p50Ms: number; p99Ms: number };
}

export async function measureFoods(app: BenchSystem, seconds = 6): Promise<FoodFigures> {
  const subscriber = await subscriberWithHistory(app, ROLES.subscriber);
  const endpoints = QUERIES.map((q) => ({ name: `GET /api/foods?q=${q}`, path: `/api/foods?q=${encodeURIComponent(q)}`, token: subscriber.token }));
  note(`foods: search at ${CONNECTIONS} connections, then ${LOGS} entries logged one at a time`);
  const http = await measureHttp({ baseUrl: app.url, endpoints, connections: CONNECTIONS, durationS: seconds, warmupS: 1, rounds: 2, servers: 'in-process' });

  const latencies: number[] = [];
  for (let i = 0; i < LOGS; i++) {
    const started = now();
    // A day holds at most 100 entries: 90 a day, on the days before.
    const date = new Date(Date.now() - (1 + Math.floor(i / 90)) * 86_400_000).toISOString().slice(0, 10);
    const answer = await app.call('POST', '/api/food-log', { token: subscriber.token, json: { date, meal_time: 'Lunch', food: '21499', portion: '1/3 pizza', quantity: 2 } });
    latencies.push(now() - started);
    if (answer.status !== 201) throw new Error(`POST /api/food-log answered ${answer.status}: ${answer.text}`);
  }
  return {
    connections: CONNECTIONS,
    bare: { p50Ms: http.bare.latencyP50Ms, p99Ms: http.bare.latencyP99Ms, requestsPerSecond: http.bare.requestsPerSecond },
    search: http.endpoints.map((e) => ({
      name: e.name,
      p50Ms: e.latencyP50Ms,
      p99Ms: e.latencyP99Ms,
      p50Ratio: round(e.latencyP50Ms / http.bare.latencyP50Ms, 2),
      p99Ratio: e.p99Ratio,
      reqPerSecRatio: e.ratio,
      cpuPerRequestUs: e.cpuPerRequestUs,
      bytes: e.bodyBytes,
    })),
    log: { entries: LOGS, p50Ms: round(percentile(latencies, 50), 2), p99Ms: round(percentile(latencies, 99), 2) },
  };
}

export function foodRows(f: FoodFigures): [string, string, string][] {
  return [
    [`food search (${f.connections} conn)`, 'bare handler', `p50 ${f.bare.p50Ms} ms, p99 ${f.bare.p99Ms} ms, ${f.bare.requestsPerSecond.toLocaleString('en-US')} req/s`],
    ...f.search.map((s): [string, string, string] => ['', s.name, `p50 ${s.p50Ms} ms (×${s.p50Ratio} bare), p99 ${s.p99Ms} ms (×${s.p99Ratio} bare), req/s ×${s.reqPerSecRatio} bare, ${s.bytes} B`]),
    ['food log', `POST /api/food-log p50 (${f.log.entries} one at a time)`, `${f.log.p50Ms} ms (p99 ${f.log.p99Ms} ms)`],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runBenchScript(async () => {
    const app = await startBenchSystem();
    try {
      const figures = await measureFoods(app, Number(process.argv[2] ?? 6));
      for (const row of foodRows(figures)) process.stdout.write(`${row.join('  ')}\n`);
      process.stdout.write(`${JSON.stringify(figures)}\n`);
    } finally {
      await app.stop();
    }
  });
}
