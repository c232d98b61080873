/**
 * `npx tsx scripts/bench/foods.ts [seconds]`: the food log's costs, alone. GET /api/foods?q= for a plain, a
 * word-swapped and a misspelt query, hammered by autocannon (50 connections, in a child process) beside a bare
 * Express handler answering the same body in this process: p50, p99 and req/s each as a ratio to the bare
 * handler's (docs/adr/0145). Then POST /api/food-log one at a time (a catalogue food by portion): its p50 and p99.
 * Prints a table and one JSON line.
 */
import { ROLES } from '../../contract/accounts/roles.js';
import { note, now, percentile, round, runBenchScript } from './common.js';
import { measureHttp } from './http.js';
import { startBenchSystem, subscriberWithHistory } from './system.js';

const QUERIES = ['veggie pizza', 'breast chicken roasted', 'chiken brest'];
const LOGS = 300;

async function main() {
  const seconds = Number(process.argv[2] ?? 6);
  const app = await startBenchSystem();
  try {
    const subscriber = await subscriberWithHistory(app, ROLES.subscriber);
    const endpoints = QUERIES.map((q) => ({ name: `GET /api/foods?q=${q}`, path: `/api/foods?q=${encodeURIComponent(q)}`, token: subscriber.token }));
    note('food search under load…');
    const http = await measureHttp({ baseUrl: app.url, endpoints, connections: 50, durationS: seconds, warmupS: 1, rounds: 2, servers: 'in-process' });

    note('food log, one entry at a time…');
    const latencies: number[] = [];
    for (let i = 0; i < LOGS; i++) {
      const started = now();
      // A day holds at most 100 entries: 90 a day, on the days before.
      const date = new Date(Date.now() - (1 + Math.floor(i / 90)) * 86_400_000).toISOString().slice(0, 10);
      const answer = await app.call('POST', '/api/food-log', { token: subscriber.token, json: { date, meal_time: 'Lunch', food: '21499', portion: '1/3 pizza', quantity: 2 } });
      latencies.push(now() - started);
      if (answer.status !== 201) throw new Error(`POST /api/food-log answered ${answer.status}: ${answer.text}`);
    }
    const log = { p50Ms: round(percentile(latencies, 50), 2), p99Ms: round(percentile(latencies, 99), 2), entries: LOGS };

    const rows = http.endpoints.map((e) => ({
      name: e.name,
      p50Ms: e.latencyP50Ms,
      p99Ms: e.latencyP99Ms,
      p50Ratio: round(e.latencyP50Ms / http.bare.latencyP50Ms, 2),
      p99Ratio: e.p99Ratio,
      reqPerSecRatio: e.ratio,
      cpuPerRequestUs: e.cpuPerRequestUs,
      cpuRatio: e.cpuRatio,
      bytes: e.bodyBytes,
    }));
    console.log(`bare handler: p50 ${http.bare.latencyP50Ms} ms, p99 ${http.bare.latencyP99Ms} ms, ${http.bare.requestsPerSecond} req/s, CPU ${http.bare.cpuPerRequestUs} µs/request (50 connections)`);
    for (const r of rows) console.log(`${r.name.padEnd(46)} p50 ${r.p50Ms} ms (×${r.p50Ratio} bare)  p99 ${r.p99Ms} ms (×${r.p99Ratio} bare)  req/s ×${r.reqPerSecRatio} bare  CPU ${r.cpuPerRequestUs} µs/request (bare ÷ this ${r.cpuRatio})  ${r.bytes} B`);
    console.log(`POST /api/food-log (one at a time, ${LOGS}): p50 ${log.p50Ms} ms, p99 ${log.p99Ms} ms`);
    console.log(JSON.stringify({ foodSearch: rows, bare: { p50Ms: http.bare.latencyP50Ms, p99Ms: http.bare.latencyP99Ms }, foodLog: log }));
  } finally {
    await app.stop();
  }
}

runBenchScript(main);
