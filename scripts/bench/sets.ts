/**
 * Set-by-set logging and records under load: a subscriber with two years of sets (≈15,000, laid down through the
 * command side's own deciders), then POST /api/workout-session/log-set's p50 against a bare Express handler's, and
 * GET /api/records at 50 connections as a ratio to the bare handler. `tsx scripts/bench/sets.ts` runs this alone.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sessionStream } from '../../events/streams.js';
import type { SqliteEventStore } from '../../events/store/sqlite.js';
import { exerciseIdentity } from '../../services/domain/training/exerciseIdentity.js';
import { endSession, startSession } from '../../services/command/src/training/sessions/decide.js';
import { session } from '../../services/command/src/training/sessions/session.js';
import { recordSet } from '../../services/command/src/training/sets/flows.js';
import { appendRoleGranted } from '../grantRole.js';
import { decodeToken } from '../support/signup.js';
import { note, now, percentile, round, runBenchScript } from './common.js';
import { DAY, History, request, rng } from './fixtures/log.js';
import { measureHttp, type HttpFigures } from './http.js';
import { signUpVerifiedUser, startBenchSystem, type BenchSystem } from './system.js';

export interface SetsFigures {
  sets: number;
  sessions: number;
  events: number;
  /** How long the projector took to fold them all (records and each exercise's history). */
  projectSeconds: number;
  /** `cpuMs`, `bareCpuMs`: the process's CPU time per request, the projector's work on the set included. */
  logSet: { requests: number; p50Ms: number; p99Ms: number; cpuMs: number; bareP50Ms: number; bareCpuMs: number; ratio: number };
  records: HttpFigures;
}

const LIFTS = ['Barbell Back Squat', 'Barbell Bench Press', 'Conventional Deadlift', 'Standing Overhead Press', 'Barbell Bent-over Row', 'Lat Pulldown', 'Romanian Deadlift', 'Incline Dumbbell Press', 'Leg Press', 'Barbell Curl'];

/** Two years of four sessions a week, six lifts a session, a warm-up and five working sets each: ≈15,000 sets. */
export function twoYearsOfSets(userId: string, years = 2) {
  const h = new History();
  const r = rng(23);
  const start = Date.now() - years * 365 * DAY;
  let sets = 0;
  let sessions = 0;
  for (let day = 0; day < years * 365; day += 1) {
    if (![0, 2, 4, 5].includes(day % 7)) continue;
    const at = start + day * DAY + 17 * 3600_000;
    const sessionId = `bench-${userId.slice(0, 8)}-${day}`;
    const stream = sessionStream(sessionId);
    const t = (minutes: number) => new Date(at + minutes * 60_000).toISOString();
    h.execute(request(at, userId), stream, session, (s) => startSession(s, { sessionId, userId, regimenId: 'bench-regimen', dayNumber: 1, source: 'tracker', now: t(0) }));
    const lifts = Array.from({ length: 6 }, (_, i) => LIFTS[(day + i * 3) % LIFTS.length]!);
    let minute = 1;
    for (const [i, lift] of lifts.entries()) {
      // Slow progress with day-to-day noise, in 5 lb steps.
      const working = Math.round((60 + i * 20 + day * 0.15 + r.int(-2, 2) * 5) / 5) * 5;
      for (let n = 0; n < 6; n += 1) {
        const entry = { exercise: exerciseIdentity(lift), said: lift, weight: { value: n === 0 ? Math.round(working / 10) * 5 : working, unit: 'lb' as const }, reps: n === 0 ? 10 : r.int(5, 12), rpe: null, warmup: n === 0 };
        h.run(request(at + minute * 60_000, userId), recordSet({ userId, sessionId, entry, now: t(minute) }));
        minute += 2;
        sets += 1;
      }
    }
    h.execute(request(at + minute * 60_000, userId), stream, session, (s) => endSession(s, { userId, exercises: [], how: { endedBy: 'stopped' }, now: t(minute) }));
    sessions += 1;
  }
  return { history: h, sets, sessions };
}

/** A bare Express app that parses the same JSON body and answers what log-set answers: the floor of any POST. */
async function bareLogSet() {
  const app = express();
  app.use(express.json());
  app.post('/api/workout-session/log-set', (_req, res) => void res.status(201).json({ setId: 'x-s1', position: 1, setNumber: 1, exercise: 'barbell-bench-press', exerciseName: 'Barbell Bench Press' }));
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** p50 and p99 of `count` POSTs one after another (a lifter logs one set at a time). */
async function timedPosts(url: string, token: string, body: () => unknown, count: number) {
  const ms: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < count; i += 1) {
    const t0 = now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body()) });
    await res.text();
    if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}`);
    ms.push(now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  // The process's CPU per request (server, projector and this client alike): steadier than wall time on a busy machine.
  return { p50Ms: round(percentile(ms, 50), 2), p99Ms: round(percentile(ms, 99), 2), cpuMs: round((cpu.user + cpu.system) / 1000 / count, 2) };
}

export async function measureSets(app: BenchSystem, options = { posts: 400, connections: 50, durationS: 6, warmupS: 1, rounds: 3 }): Promise<SetsFigures> {
  const user = await signUpVerifiedUser(app, `sets${Date.now()}@example.com`);
  const userId = decodeToken(user.token).sub as string;
  await appendRoleGranted(app.system.events, userId, 3, 'bench');
  const g = twoYearsOfSets(userId);
  note(`sets: ${g.sets} sets in ${g.sessions} sessions (${g.history.events} events) through the deciders; importing`);
  const store = app.system.events as SqliteEventStore;
  let head = 0;
  for (let i = 0; i < g.history.appends.length; i += 1000) head = store.importAppends(g.history.appends.slice(i, i + 1000));
  const p0 = now();
  if (!(await app.system.projector.waitFor(head, 600_000))) throw new Error('the projector did not catch up with the generated sets');
  const projectSeconds = round((now() - p0) / 1000, 2);
  note(`sets: projected in ${projectSeconds} s`);

  const call = async (method: string, path: string, json?: unknown) => {
    const answer = await app.call(method, path, { token: user.token, json });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
    return answer.body;
  };
  // Generating the history held the event loop for seconds, long past the server's keep-alive timeout: the socket
  // kept from the sign-up may be closed under the next request (ECONNRESET). A GET goes first, once more if so.
  await call('GET', '/api/records').catch(() => call('GET', '/api/records'));
  const { regimenId } = await call('POST', '/api/savePlan', {
    planType: 'workout', name: 'Sets bench', description: 'One day', goal: 'Strength', level: 'Beginner', duration_weeks: 4,
    workouts: [{ day: 1, summary: 'Push', exercises: [{ name: 'Barbell Bench Press', sets: 3, reps: '8-12', duration: 90 }] }],
  });
  let sessionId = '';
  const body = () => ({ sessionId, exercise: 'Bench Press (Barbell)', weightLb: 185, reps: 8 });
  // Each half of the app's posts in a session of its own: a session holds at most TRAINING.setsPerSession sets.
  const inSession = async <T>(posts: () => Promise<T>): Promise<T> => {
    ({ sessionId } = await call('POST', '/api/workout-session/start', { regimenId }));
    const timed = await posts();
    await call('PUT', '/api/workout-session/end', { sessionId, totalDuration: 30, completedExercises: [] });
    return timed;
  };
  const bare = await bareLogSet();
  let logged;
  let bareTimed;
  try {
    // Alternating halves, so a change in the machine's load falls on both alike.
    const half = Math.floor(options.posts / 2);
    const a1 = await inSession(() => timedPosts(`${app.url}/api/workout-session/log-set`, user.token, body, half));
    const b1 = await timedPosts(`${bare.url}/api/workout-session/log-set`, user.token, body, half);
    const b2 = await timedPosts(`${bare.url}/api/workout-session/log-set`, user.token, body, half);
    const a2 = await inSession(() => timedPosts(`${app.url}/api/workout-session/log-set`, user.token, body, half));
    logged = { p50Ms: round((a1.p50Ms + a2.p50Ms) / 2, 2), p99Ms: Math.max(a1.p99Ms, a2.p99Ms), cpuMs: round((a1.cpuMs + a2.cpuMs) / 2, 2) };
    bareTimed = { p50Ms: round((b1.p50Ms + b2.p50Ms) / 2, 2), cpuMs: round((b1.cpuMs + b2.cpuMs) / 2, 2) };
  } finally {
    await bare.close();
  }
  note(`sets: log-set p50 ${logged.p50Ms} ms (p99 ${logged.p99Ms} ms, CPU ${logged.cpuMs} ms a set) vs bare ${bareTimed.p50Ms} ms (CPU ${bareTimed.cpuMs} ms)`);

  const records = await measureHttp({
    baseUrl: app.url,
    endpoints: [{ name: `GET /api/records (${g.sets.toLocaleString('en-US')} sets)`, path: '/api/records', token: user.token }],
    connections: options.connections,
    durationS: options.durationS,
    warmupS: options.warmupS,
    rounds: options.rounds,
    servers: 'in-process',
  });
  return {
    sets: g.sets,
    sessions: g.sessions,
    events: g.history.events,
    projectSeconds,
    logSet: { requests: options.posts, ...logged, bareP50Ms: bareTimed.p50Ms, bareCpuMs: bareTimed.cpuMs, ratio: round(logged.p50Ms / bareTimed.p50Ms, 2) },
    records,
  };
}

/** The rows `npm run bench` prints for these figures. */
export function setsRows(s: SetsFigures): [string, string, string][] {
  const e = s.records.endpoints[0]!;
  return [
    ['sets and records', `${s.sets.toLocaleString('en-US')} sets, ${s.sessions} sessions through the deciders`, `projected in ${s.projectSeconds} s`],
    ['', `POST log-set p50 (${s.logSet.requests} one at a time)`, `${s.logSet.p50Ms} ms vs bare ${s.logSet.bareP50Ms} ms: ×${s.logSet.ratio} (p99 ${s.logSet.p99Ms} ms; CPU ${s.logSet.cpuMs} ms a set vs ${s.logSet.bareCpuMs} ms)`],
    ['', `GET /api/records, ${s.records.connections} conn`, `${e.requestsPerSecond.toLocaleString('en-US')} req/s vs bare ${s.records.bare.requestsPerSecond.toLocaleString('en-US')}: ÷ bare ${e.ratio} (p99 ${e.latencyP99Ms} ms, ${e.bodyBytes} B)`],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runBenchScript(async () => {
    const app = await startBenchSystem();
    try {
      const figures = await measureSets(app);
      for (const row of setsRows(figures)) process.stdout.write(`${row.join('  ')}\n`);
      process.stdout.write(`${JSON.stringify({ sets: figures.sets, logSetP50Ms: figures.logSet.p50Ms, logSetBareP50Ms: figures.logSet.bareP50Ms, logSetRatio: figures.logSet.ratio, logSetCpuMs: figures.logSet.cpuMs, logSetBareCpuMs: figures.logSet.bareCpuMs, recordsRatioAt50: figures.records.endpoints[0]!.ratio, recordsReqPerSecAt50: figures.records.endpoints[0]!.requestsPerSecond, recordsP99MsAt50: figures.records.endpoints[0]!.latencyP99Ms })}\n`);
    } finally {
      await app.stop();
    }
  });
}
