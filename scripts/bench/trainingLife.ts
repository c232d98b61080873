/**
 * A training life: whether logging a set costs the same in year six as on day one. One client logs sessions of 20
 * sets against the app as `npm start` runs it (node on dist/, a process of its own), and at five histories (after 10
 * sessions, after 250, after 1,000; for another account in a fresh DATA_DIR, after 1,000 sessions over 150 exercises;
 * and for a third, after importing six years of Strong history) ten fresh sessions of 20 sets are measured over HTTP:
 * the server's CPU time per logged set (the command and the projector's folding of it, read from /proc) and the p50
 * of the POSTs; then the biggest read-model doc of any collection (bytes of its stored JSON) and the bytes of the
 * Exercise Log's first page (GET /api/exercise-logs, no parameters). The in-app history is laid down as sets.ts lays it: the command side's deciders append to the store
 * (here from this process into the server's SQLite file, whose projector polls for other processes' appends) and the
 * server's projector folds it; the imported history goes through POST /api/imports. Five sessions over HTTP before each
 * level's measured ones (counted in the history) warm the server's code for them. `tsx scripts/bench/trainingLife.ts` runs this alone.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sessionStream } from '../../events/streams.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { exerciseIdentity } from '../../services/domain/training/exerciseIdentity.js';
import { endSession, startSession } from '../../services/command/src/training/sessions/decide.js';
import { session } from '../../services/command/src/training/sessions/session.js';
import { recordSet } from '../../services/command/src/training/sets/flows.js';
import { appendRoleGranted } from '../grantRole.js';
import { jsonCall } from '../support/http.js';
import { decodeToken } from '../support/signup.js';
import { strongExport } from '../support/strongExport.js';
import { note, now, percentile, removeTempDir, round, runBenchScript, tempDir } from './common.js';
import { startAppApart, type ServerApart } from './apart.js';
import { DAY, History, request, type Append } from './fixtures/log.js';
import { signUpVerifiedUser } from './system.js';

const SETS_PER_SESSION = 20;
/** Sessions over HTTP before the measured ones; they count in the history. */
const WARM_UP_SESSIONS = 5;
/**
 * Sessions measured at each level, their sets' figures taken together: the p50 of one session's 20 POSTs moved by a
 * third from run to run on the same code.
 */
const MEASURED_SESSIONS = 10;
/**
 * The in-app histories measured: sessions before the measured one. `LIFE_LEVELS=2080` measures those alone (ten
 * years of four a week), and `LIFE_IMPORT=0` leaves the imported six years out.
 */
const IN_APP_LEVELS = process.env.LIFE_LEVELS ? process.env.LIFE_LEVELS.split(',').map(Number) : [10, 250, 1_000];
const WITH_IMPORT = process.env.LIFE_IMPORT !== '0';
/** Six years of Strong history, a session every other day: 1,098 sessions of 41 sets, ≈45,000 sets. */
const IMPORT = { sets: 45_000, setsPerWorkout: 41 };
/** Four lifts a session, a warm-up and four working sets each, from this rotation. */
const LIFTS = ['Barbell Back Squat', 'Barbell Bench Press', 'Conventional Deadlift', 'Standing Overhead Press', 'Barbell Bent-over Row', 'Lat Pulldown', 'Romanian Deadlift', 'Incline Dumbbell Press', 'Leg Press', 'Barbell Curl'];
/**
 * Another account trains the longest in-app history over 150 exercises (the ten lifts and 140 of their own): what a
 * set costs must grow with the exercises a person has done no more than with the years. `LIFE_WIDE=0` leaves it out.
 */
const WIDE_LIFTS = [...LIFTS, ...Array.from({ length: 140 }, (_, i) => `Accessory Move ${i + 1}`)];
const WITH_WIDE = process.env.LIFE_WIDE !== '0';

export interface LifeLevel {
  name: string;
  /** Sessions and sets in the account's history before the measured session (warm-ups included). */
  sessions: number;
  sets: number;
  /** From generating (or sending) the history this level adds until the server's read models hold it. */
  historySeconds: number;
  /** The server's CPU time (every thread) per logged set, the projector's folding of it included. */
  cpuMsPerSet: number;
  p50Ms: number;
  maxMs: number;
  biggestDoc: { collection: string; bytes: number };
  exerciseLogBytes: number;
}

export interface TrainingLifeFigures {
  setsPerSession: number;
  levels: LifeLevel[];
  /** Each later level's figures over the first level's (goal: within 1.3). */
  ratios: { name: string; cpu: number; p50: number; biggestDoc: number; exerciseLog: number }[];
  loadAverage: { start: number[]; end: number[] };
  seconds: number;
}

/** The server's CPU time so far, ns: the sum over its threads of /proc's scheduler run time (finer than stat's ticks). */
function cpuNsOf(server: ServerApart): number {
  try {
    const tasks = fs.readdirSync(`/proc/${server.pid}/task`);
    let ns = 0;
    for (const task of tasks) {
      try {
        ns += Number(fs.readFileSync(`/proc/${server.pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        /* the thread ended between the listing and the read */
      }
    }
    return ns;
  } catch {
    return (server.cpuUs() ?? NaN) * 1000;
  }
}

/** The biggest stored doc of any collection in the read-model file (bytes of its JSON), and its collection. */
function biggestDocIn(sqliteFile: string): { collection: string; bytes: number } {
  const db = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare<[], { collection: string; bytes: number }>('SELECT collection, length(CAST(doc AS BLOB)) AS bytes FROM read_models ORDER BY bytes DESC LIMIT 1').get();
    return row ?? { collection: 'none', bytes: 0 };
  } finally {
    db.close();
  }
}

/** One account on one server apart: its calls, its log, and the figures at each level. */
class Life {
  sessions = 0;
  sets = 0;
  private readonly call;
  private readonly store: SqliteEventStore;
  private regimenId = '';
  /** The life's first day: its longest in-app history, four sessions a week, ends before today. */
  private readonly firstDay = Date.now() - (Math.ceil(Math.max(...IN_APP_LEVELS) / 4) * 7 + 2) * DAY;

  constructor(
    readonly server: ServerApart,
    readonly dataDir: string,
    readonly token: string,
    readonly userId: string,
    /** The exercises its sessions rotate through. */
    readonly lifts: readonly string[],
  ) {
    this.call = async (method: string, p: string, json?: unknown, headers?: Record<string, string>) => {
      const answer = await jsonCall(server.url)(method, p, { token, json, headers });
      if (answer.status >= 300) throw new Error(`${method} ${p}: ${answer.status} ${answer.text}`);
      return answer.body;
    };
    this.store = new SqliteEventStore(path.join(dataDir, 'trainer.sqlite'), 30_000);
  }

  static async begin(server: ServerApart, dataDir: string, email: string, lifts: readonly string[] = LIFTS): Promise<Life> {
    const user = await signUpVerifiedUser({ call: jsonCall(server.url), dataDir }, email);
    const life = new Life(server, dataDir, user.token, decodeToken(user.token).sub as string, lifts);
    await life.folded(await appendRoleGranted(life.store, life.userId, 3, 'bench'));
    const { regimenId } = await life.call('POST', '/api/savePlan', {
      planType: 'workout', name: 'Life bench', description: 'One day', goal: 'Strength', level: 'Beginner', duration_weeks: 4,
      workouts: [{ day: 1, summary: 'Full body', exercises: [{ name: 'Barbell Back Squat', sets: 5, reps: '5', duration: 90 }] }],
    });
    life.regimenId = regimenId;
    return life;
  }

  /**
   * Waits until the server's projector has passed `position` (its /api/health says where it is). Generating history
   * holds this process's event loop for seconds, past the server's keep-alive timeout: the first request after it may
   * meet a socket the server closed, so a few failed requests in a row are asked again.
   */
  async folded(position: number, timeoutMs = 300_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let at: number | undefined;
    for (let failed = 0; ; ) {
      try {
        at = (await jsonCall(this.server.url)('GET', '/api/health')).body?.position ?? 0;
        failed = 0;
      } catch (error) {
        if ((failed += 1) === 5) throw error;
      }
      if (at !== undefined && at >= position) return;
      if (Date.now() > deadline) throw new Error(`the projector did not pass ${position} within ${timeoutMs} ms (at ${at})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The set `n` of a session of 20: four lifts of the day, a warm-up and four working sets each. */
  private setOf(session: number, n: number) {
    const lift = this.lifts[(session + Math.floor(n / 5) * 3) % this.lifts.length]!;
    const working = 95 + ((session * 7 + Math.floor(n / 5) * 40) % 200);
    return n % 5 === 0 ? { lift, weight: Math.round(working / 10) * 5, reps: 10, warmup: true } : { lift, weight: working, reps: 5 + ((session + n) % 6), warmup: false };
  }

  /**
   * `count` sessions through the deciders, appended and folded. Session number k of the life is dated k / 4 weeks
   * after its first day (four a week), the life's last session before today.
   */
  async layDown(count: number): Promise<number> {
    const h0 = now();
    if (count <= 0) return 0;
    const h = new History();
    for (let i = 0; i < count; i += 1) {
      const number = this.sessions + i;
      const at = this.firstDay + (Math.floor(number / 4) * 7 + [0, 2, 4, 5][number % 4]!) * DAY;
      const sessionId = `life-${this.userId.slice(0, 8)}-${number}`;
      const stream = sessionStream(sessionId);
      const t = (minutes: number) => new Date(at + minutes * 60_000).toISOString();
      const userId = this.userId;
      h.execute(request(at, userId), stream, session, (s) => startSession(s, { sessionId, userId, regimenId: this.regimenId, dayNumber: 1, source: 'tracker', now: t(0) }));
      for (let n = 0; n < SETS_PER_SESSION; n += 1) {
        const set = this.setOf(number, n);
        const entry = { exercise: exerciseIdentity(set.lift), said: set.lift, weight: { value: set.weight, unit: 'lb' as const }, reps: set.reps, rpe: null, warmup: set.warmup };
        h.run(request(at + (1 + 2 * n) * 60_000, userId), recordSet({ userId, sessionId, entry, now: t(1 + 2 * n) }));
      }
      h.execute(request(at + 45 * 60_000, userId), stream, session, (s) => endSession(s, { userId, exercises: [], how: { endedBy: 'stopped' }, now: t(45) }));
    }
    let head = 0;
    for (let i = 0; i < h.appends.length; i += 1000) head = await this.appendAll(h.appends.slice(i, i + 1000));
    await this.folded(head);
    this.sessions += count;
    this.sets += count * SETS_PER_SESSION;
    return round((now() - h0) / 1000, 2);
  }

  /** Appends in one transaction; while the server holds the write lock (its projector's commit), again a little later. */
  private async appendAll(appends: Append[]): Promise<number> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return this.store.importAppends(appends);
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt === 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  /** A Strong export through POST /api/imports, folded. */
  async importStrong(sets: number, perWorkout: number): Promise<number> {
    const h0 = now();
    const file = strongExport(sets, new Date().getUTCFullYear(), 17, perWorkout);
    const res = await fetch(`${this.server.url}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${this.token}`, 'content-type': 'text/csv' }, body: file.text });
    const body = (await res.json()) as { workouts?: number; sets?: number; position?: number; message?: string };
    if (res.status !== 201) throw new Error(`the import answered ${res.status}: ${body.message}`);
    await this.folded(body.position!);
    this.sessions += body.workouts!;
    this.sets += body.sets!;
    return round((now() - h0) / 1000, 2);
  }

  /**
   * One session of 20 sets over HTTP, one POST at a time: each POST's wall time, and the server's CPU time from the
   * first POST until its projector has folded the last set (a few /api/health polls included, alike at every level).
   */
  async session(): Promise<{ ms: number[]; cpuNs: number }> {
    const { sessionId, position } = await this.call('POST', '/api/workout-session/start', { regimenId: this.regimenId });
    await this.folded(position);
    const ms: number[] = [];
    let last = position as number;
    const cpu0 = cpuNsOf(this.server);
    for (let n = 0; n < SETS_PER_SESSION; n += 1) {
      const set = this.setOf(this.sessions, n);
      const t0 = now();
      const answer = await this.call('POST', '/api/workout-session/log-set', { sessionId, exercise: set.lift, weightLb: set.weight, reps: set.reps, warmup: set.warmup });
      ms.push(now() - t0);
      last = answer.position;
    }
    await this.folded(last);
    const cpuNs = cpuNsOf(this.server) - cpu0;
    await this.call('PUT', '/api/workout-session/end', { sessionId, totalDuration: 45, completedExercises: [] });
    this.sessions += 1;
    this.sets += SETS_PER_SESSION;
    return { ms, cpuNs };
  }

  /** Warm-ups, then the measured sessions, then the read side's sizes. */
  async measure(name: string, historySeconds: number): Promise<LifeLevel> {
    for (let i = 0; i < WARM_UP_SESSIONS; i += 1) await this.session();
    const { sessions, sets } = this;
    const ms: number[] = [];
    let cpuNs = 0;
    for (let i = 0; i < MEASURED_SESSIONS; i += 1) {
      const measured = await this.session();
      ms.push(...measured.ms);
      cpuNs += measured.cpuNs;
    }
    const logs = await fetch(`${this.server.url}/api/exercise-logs`, { headers: { authorization: `Bearer ${this.token}` } });
    const exerciseLogBytes = Buffer.byteLength(await logs.text());
    if (logs.status !== 200) throw new Error(`GET /api/exercise-logs answered ${logs.status}`);
    const level: LifeLevel = {
      name,
      sessions,
      sets,
      historySeconds,
      cpuMsPerSet: round(cpuNs / 1e6 / ms.length, 2),
      p50Ms: round(percentile(ms, 50), 2),
      maxMs: round(Math.max(...ms), 2),
      biggestDoc: biggestDocIn(path.join(this.dataDir, 'trainer.sqlite')),
      exerciseLogBytes,
    };
    note(`training life: ${name}: ${level.cpuMsPerSet} ms CPU a set, p50 ${level.p50Ms} ms; biggest doc ${level.biggestDoc.bytes} B (${level.biggestDoc.collection}); exercise log ${exerciseLogBytes} B`);
    return level;
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}

/** The account on a server of its own over a fresh DATA_DIR; the server is stopped and the dir removed after. */
async function onServerApart<T>(build: boolean, run: (server: ServerApart, dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = tempDir('life');
  const server = await startAppApart(dataDir, [], { build });
  try {
    return await run(server, dataDir);
  } finally {
    await server.stop();
    removeTempDir(dataDir);
  }
}

export async function measureTrainingLife(): Promise<TrainingLifeFigures> {
  const started = now();
  const loadStart = os.loadavg().map((l) => round(l, 2));
  const levels: LifeLevel[] = [];
  note(`training life: one account, sessions of ${SETS_PER_SESSION} sets, measured after ${IN_APP_LEVELS.join(', ')} sessions`);
  await onServerApart(true, async (server, dataDir) => {
    const life = await Life.begin(server, dataDir, `life${Date.now()}@example.com`);
    try {
      for (const target of IN_APP_LEVELS) {
        const historySeconds = await life.layDown(target - life.sessions - WARM_UP_SESSIONS);
        levels.push(await life.measure(`after ${target.toLocaleString('en-US')} sessions`, historySeconds));
      }
    } finally {
      await life.close();
    }
  });
  const widest = Math.max(...IN_APP_LEVELS);
  if (WITH_WIDE) note(`training life: another account, a fresh DATA_DIR, ${fmt(widest)} sessions over ${WIDE_LIFTS.length} exercises`);
  if (WITH_WIDE) await onServerApart(false, async (server, dataDir) => {
    const life = await Life.begin(server, dataDir, `lifewide${Date.now()}@example.com`, WIDE_LIFTS);
    try {
      const historySeconds = await life.layDown(widest - WARM_UP_SESSIONS);
      levels.push(await life.measure(`after ${fmt(widest)} sessions over ${WIDE_LIFTS.length} exercises`, historySeconds));
    } finally {
      await life.close();
    }
  });
  if (WITH_IMPORT) note(`training life: another account, a fresh DATA_DIR, six years of Strong history (${IMPORT.sets.toLocaleString('en-US')} sets) imported`);
  if (WITH_IMPORT) await onServerApart(false, async (server, dataDir) => {
    const life = await Life.begin(server, dataDir, `lifeimport${Date.now()}@example.com`);
    try {
      const historySeconds = await life.importStrong(IMPORT.sets, IMPORT.setsPerWorkout);
      levels.push(await life.measure('after six years imported', historySeconds));
    } finally {
      await life.close();
    }
  });
  const base = levels[0]!;
  const ratios = levels.slice(1).map((l) => ({
    name: l.name,
    cpu: round(l.cpuMsPerSet / base.cpuMsPerSet, 2),
    p50: round(l.p50Ms / base.p50Ms, 2),
    biggestDoc: round(l.biggestDoc.bytes / base.biggestDoc.bytes, 2),
    exerciseLog: round(l.exerciseLogBytes / base.exerciseLogBytes, 2),
  }));
  return { setsPerSession: SETS_PER_SESSION, levels, ratios, loadAverage: { start: loadStart, end: os.loadavg().map((l) => round(l, 2)) }, seconds: round((now() - started) / 1000, 1) };
}

const fmt = (value: number) => value.toLocaleString('en-US');

/** The rows `npm run bench` prints for these figures. */
export function trainingLifeRows(f: TrainingLifeFigures): [string, string, string][] {
  const rows: [string, string, string][] = f.levels.map((l, i) => [
    i === 0 ? `training life (${f.setsPerSession} sets a session, app apart)` : '',
    `${l.name} (${fmt(l.sets)} sets): log-set CPU a set / p50; biggest doc; Exercise Log page`,
    `${l.cpuMsPerSet} ms / ${l.p50Ms} ms (max ${l.maxMs} ms); ${fmt(l.biggestDoc.bytes)} B (${l.biggestDoc.collection}); ${fmt(l.exerciseLogBytes)} B (history laid down and folded in ${l.historySeconds} s)`,
  ]);
  for (const r of f.ratios) rows.push(['', `  ÷ ${f.levels[0]!.name} (goal: within 1.3): ${r.name}`, `CPU ×${r.cpu}, p50 ×${r.p50}, biggest doc ×${r.biggestDoc}, Exercise Log ×${r.exerciseLog}`]);
  rows.push(['', 'load average (1 min) start → end', `${f.loadAverage.start[0]} → ${f.loadAverage.end[0]} (${f.seconds} s)`]);
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runBenchScript(async () => {
    const figures = await measureTrainingLife();
    for (const row of trainingLifeRows(figures)) process.stdout.write(`${row.join('  ')}\n`);
    process.stdout.write(`${JSON.stringify({ trainingLife: figures })}\n`);
  });
}
