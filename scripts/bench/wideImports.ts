/**
 * What one account's imported exercises cost its own reads and everyone else's requests, as they grow to the bound
 * the imports may hold together (`TRAINING.importedExercises`, docs/adr/0422-a-persons-imports-hold-at-most-2000-exercises.md).
 * On the app as `npm start` runs it (node on dist/, a process of its own), one account imports Strong files of
 * exercises of its own, one set each, until its imports hold a quarter, half and all of the bound; at each, the p50
 * of five reads of the tracker's plan, a session's records and the records list (and their bytes), and another
 * account's `/api/health` while four of those reads run. Then a file of 50,000 names: its refusal and how long it
 * took. `npx tsx scripts/bench/wideImports.ts` runs this alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TRAINING } from '../../events/bounds.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { appendRoleGranted } from '../grantRole.js';
import { jsonCall } from '../support/http.js';
import { decodeToken } from '../support/signup.js';
import { note, now, percentile, removeTempDir, round, runBenchScript, tempDir } from './common.js';
import { startAppApart, type ServerApart } from './apart.js';
import { signUpVerifiedUser } from './system.js';

const READS = 5;
/** The hostile file: as many names as a 5 MB file holds. */
const FAR_PAST = 50_000;

export interface WideRead {
  path: string;
  p50Ms: number;
  bytes: number;
}

export interface WideLevel {
  exercises: number;
  reads: WideRead[];
  /** Another account's GET /api/health while four reads of the records list run. */
  othersHealthMs: number;
  peakRssMb: number;
}

export interface WideImportsFigures {
  levels: WideLevel[];
  /** The file past the bound: the status and message it got, and how long the answer took. */
  refused: { exercises: number; status: number; message: string; ms: number };
}

/** A Strong file of `count` exercises of the account's own (`prefix`), one set each, forty a workout, from `day` on. */
function fileOf(count: number, prefix: string, day: number): string {
  const lines = ['Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration'];
  for (let i = 0; i < count; i += 1) {
    const date = new Date(Date.UTC(2015, 0, day + Math.floor(i / 40), 9)).toISOString().slice(0, 19).replace('T', ' ');
    lines.push(`${date};Wide;${prefix} move number ${i} of a long custom name;1;50;kg;5;;;;0;;;1h`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const peakRssMbOf = (server: ServerApart) => round(Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

export async function measureWideImports(build = true): Promise<WideImportsFigures> {
  const dataDir = tempDir('wide');
  const server = await startAppApart(dataDir, [], { build });
  const store = new SqliteEventStore(path.join(dataDir, 'trainer.sqlite'), 30_000);
  const call = jsonCall(server.url);
  const folded = async (position: number) => {
    while (((await call('GET', '/api/health')).body?.position ?? 0) < position) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  try {
    const user = await signUpVerifiedUser({ call, dataDir }, `wide${Date.now()}@example.com`);
    await folded(await appendRoleGranted(store, decodeToken(user.token).sub as string, 3, 'bench'));
    const { token } = user;
    const ok = async (method: string, p: string, json?: unknown) => {
      const answer = await call(method, p, { token, json });
      if (answer.status >= 300) throw new Error(`${method} ${p}: ${answer.status} ${answer.text}`);
      return answer.body;
    };
    const importFile = async (text: string) => {
      const t0 = now();
      const res = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: text });
      return { status: res.status, body: (await res.json()) as { position?: number; message?: string }, ms: now() - t0 };
    };
    const { regimenId } = await ok('POST', '/api/savePlan', {
      planType: 'workout', name: 'Wide bench', description: 'One day', goal: 'Strength', level: 'Beginner', duration_weeks: 4,
      workouts: [{ day: 1, summary: 'Full body', exercises: [{ name: 'Barbell Back Squat', sets: 5, reps: '5', duration: 90 }] }],
    });
    const { sessionId } = await ok('POST', '/api/workout-session/start', { regimenId });
    const paths = [`/api/workout-session/workouts/${regimenId}`, `/api/records/sessions/${sessionId}`, '/api/records'];
    const most = TRAINING.importedExercises;
    const levels: WideLevel[] = [];
    let held = 0;
    for (const target of [most / 4, most / 2, most]) {
      const imported = await importFile(fileOf(target - held, `Level ${target}`, 1 + levels.length * 400));
      if (imported.status !== 201) throw new Error(`the import of ${target - held} exercises answered ${imported.status}: ${imported.body.message}`);
      await folded(imported.body.position!);
      held = target;
      const reads: WideRead[] = [];
      for (const p of paths) {
        const ms: number[] = [];
        let bytes = 0;
        for (let i = 0; i < READS; i += 1) {
          const t0 = now();
          const answer = await call('GET', p, { token });
          ms.push(now() - t0);
          bytes = Buffer.byteLength(answer.text);
        }
        reads.push({ path: p.replace(regimenId, ':regimenId').replace(sessionId, ':sessionId'), p50Ms: round(percentile(ms, 50), 1), bytes });
      }
      const wide = Promise.all(Array.from({ length: 4 }, () => call('GET', '/api/records', { token })));
      const t0 = now();
      await call('GET', '/api/health');
      const othersHealthMs = round(now() - t0, 1);
      await wide;
      levels.push({ exercises: held, reads, othersHealthMs, peakRssMb: peakRssMbOf(server) });
      note(`wide imports: ${held} exercises: ${reads.map((r) => `${r.path} ${r.p50Ms} ms ${r.bytes} B`).join(', ')}; another's health ${othersHealthMs} ms`);
    }
    const far = await importFile(fileOf(FAR_PAST, 'Far', 3000));
    const refused = { exercises: FAR_PAST, status: far.status, message: far.body.message ?? '', ms: round(far.ms) };
    note(`wide imports: a file of ${FAR_PAST} names: ${far.status} in ${refused.ms} ms`);
    return { levels, refused };
  } finally {
    await store.close();
    await server.stop();
    removeTempDir(dataDir);
  }
}

/** The rows `npm run bench` prints for these figures. */
export function wideImportsRows(f: WideImportsFigures): [string, string, string][] {
  const rows: [string, string, string][] = f.levels.map((l, i) => [
    i === 0 ? 'one account’s imported exercises' : '',
    `${l.exercises.toLocaleString('en-US')} exercises: p50 of tracker plan / session records / records list`,
    `${l.reads.map((r) => `${r.p50Ms} ms (${Math.round(r.bytes / 1024)} KB)`).join(' / ')}; another's /api/health meanwhile ${l.othersHealthMs} ms; peak RSS ${l.peakRssMb} MB`,
  ]);
  rows.push(['', `a file of ${f.refused.exercises.toLocaleString('en-US')} names`, `${f.refused.status} in ${f.refused.ms} ms`]);
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runBenchScript(async () => {
    const figures = await measureWideImports(process.env.BENCH_BUILD !== '0');
    for (const row of wideImportsRows(figures)) process.stdout.write(`${row.join('  ')}\n`);
    process.stdout.write(`${JSON.stringify({ wideImports: figures })}\n`);
  });
}
