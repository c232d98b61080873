import Database from 'better-sqlite3';
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_IMPORT_ROWS } from '../../events/bounds.js';
import { strongExport } from '../support/strongExport.js';

/**
 * The hostile phases of the soak (docs/adr/0146): one account, or an outage, trying to cost everyone else. Each phase
 * runs while a bystander reads their dashboard over and over; the figures are the bystander's latencies against
 * the same reads in a quiet stretch before. Speed is reported here, never asserted by a test.
 */
export interface PhaseFigures {
  name: string;
  /** What the phase sent, by answer status. */
  statuses: Record<string, number>;
  sent: number;
  /** The bystander's dashboard GETs during the phase. */
  reads: number;
  p50Ms: number;
  p99Ms: number;
  /** p99 over the quiet p99: at most 3 passes (docs/adr/0146). */
  p99Ratio: number;
  /** What else the phase measured, in words. */
  note?: string;
  /** The server's resident set as the phase began, and its largest during the phase (MB), when it can be read. */
  rssAtStartMb?: number;
  peakRssMb?: number;
  /** What the phase found broken (the soak fails on any). */
  failures?: string[];
}

export interface PhaseSizes {
  /** Characters of each giant chat message, and how many of each are sent. */
  chatChars: number[];
  chatEach: number;
  /** How long another process holds the write lock (past PROJECTOR_BUSY_MAX_WAIT_MS, so the projector fails). */
  lockMs: number;
  /** Plans saved one after another by one account (each near the input's size limits). */
  plans: number;
  /** Tickets of 5,000 characters sent by one account, and at once how many. */
  tickets: number;
  /** Deep-JSON logins: connections, and how long each keeps sending. */
  deepJsonConnections: number;
  deepJsonMs: number;
  /** Sets in the history whose export one account runs over and over (imported before the phase, not timed). */
  exportSets: number;
  /** Rows of each file one account imports, one after another. */
  importRows: number;
  /** The quiet stretch the bystander's reads are measured in first. */
  quietMs: number;
  /**
   * The fewest bystander reads a stretch (the quiet one, each phase) is timed over: an attack is repeated until the
   * bystander has read this often during it, so a p99 is one of many reads rather than the slowest of a few.
   */
  minReads: number;
}

/**
 * The test's sizes: each phase's attack runs and its check holds (the bystander's ratio is the long form's to judge),
 * so each is as small as still meets its defence: two chat sizes past the limit, a lock past the projector's wait,
 * plan and ticket floods past their budgets (the soak's env: 60 an hour), an export and an import of more than one batch.
 */
export const SHORT_PHASES: PhaseSizes = { chatChars: [60_000, 120_000], chatEach: 1, lockMs: 1500, plans: 3, tickets: 70, deepJsonConnections: 2, deepJsonMs: 300, exportSets: 1_000, importRows: 600, quietMs: 200, minReads: 20 };
export const LONG_PHASES: PhaseSizes = { chatChars: [60_000, 120_000, 1_048_000], chatEach: 3, lockMs: 10_000, plans: 100, tickets: 1000, deepJsonConnections: 4, deepJsonMs: 12_000, exportSets: 1_000_000, importRows: 100_000, quietMs: 5000, minReads: 1000 };

/** An answer's status, or 'no answer' when the connection failed. */
const statusOf = async (answer: Promise<{ status: number }>): Promise<number | 'no answer'> => {
  try {
    return (await answer).status;
  } catch {
    return 'no answer';
  }
};

type Call = (method: string, path: string, init?: { json?: unknown; token?: string; key?: string; raw?: string }) => Promise<{ status: number; body: any }>;

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!);

let plansMade = 0;
/** A plan near the input's size limits: 31 days of 30 exercises (about 95 KB as JSON), each with a name of its own. */
const bigPlan = () => ({
  planType: 'workout',
  name: `Flood plan ${(plansMade += 1)}`,
  description: 'x'.repeat(2000),
  goal: 'Strength',
  level: 'Beginner',
  duration_weeks: 4,
  workouts: Array.from({ length: 31 }, (_, d) => ({
    day: d + 1,
    summary: `Day ${d + 1}`,
    exercises: Array.from({ length: 30 }, (_, e) => ({ name: `Exercise ${e} of day ${d + 1}`, sets: 3, reps: '8-12', duration: 60 })),
  })),
});

export const deepJson = () => `${'['.repeat(33)}"${'a'.repeat(99_000)}"${']'.repeat(33)}`;

/** The names of the phases, in the order they run. */
export const PHASE_NAMES = [
  'giant chat messages',
  'write lock that fails the projector',
  'plan flood from one account',
  'ticket flood from one account',
  'deep JSON flood, signed out',
  'poison import',
  'export of a big history in a loop',
  'big imports from one account',
] as const;

/** The most rows one import takes (events/bounds.ts, MAX_IMPORT_ROWS), so a big history is several files. */
const ROWS_PER_FILE = MAX_IMPORT_ROWS;

/** The bystander process (bystander.mjs): reads between start() and stop(), and how many so far. */
async function startBystander(base: string, token: string) {
  const child = fork(new URL('./bystander.mjs', import.meta.url), [], {
    env: { ...process.env, SOAK_BYSTANDER_BASE: base, SOAK_BYSTANDER_TOKEN: token },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let reads = 0;
  let answered: ((latencies: number[]) => void) | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bystander process exited (${code})`)));
    child.on('message', (message: { ready?: true; reads?: number; latencies?: number[] }) => {
      if (message.ready) resolve();
      if (message.reads !== undefined) reads = message.reads;
      if (message.latencies) answered?.(message.latencies);
    });
  });
  await ready;
  return {
    reads: () => reads,
    start: () => {
      reads = 0;
      child.send({ start: true });
    },
    stop: () =>
      new Promise<number[]>((resolve) => {
        answered = resolve;
        child.send({ stop: true });
      }),
    close: () => child.disconnect(),
  };
}

export async function runPhases(
  { call, rawPost, base, attacker, bystander, sqliteFile, sizes, only, log, serverRssMb }: {
    call: Call;
    /** A POST whose body is sent as it is (JSON that need not parse). */
    rawPost: (path: string, body: string) => Promise<number>;
    base: string;
    attacker: string;
    bystander: string;
    sqliteFile: string;
    sizes: PhaseSizes;
    /** Runs only the phases of these names (all when absent). */
    only?: readonly string[];
    log: (line: string) => void;
    /** The server process's resident set now (MB), when it can be read. */
    serverRssMb?: () => number | undefined;
  },
): Promise<{ quietP99Ms: number; phases: PhaseFigures[] }> {
  const reader = await startBystander(base, bystander);
  /**
   * The bystander reads their dashboard from its own process, one GET after another, while `round` is repeated
   * until it has run once and the bystander has read `minReads` times.
   */
  const measure = async (round: () => Promise<unknown>) => {
    reader.start();
    do await round();
    while (reader.reads() < sizes.minReads);
    return (await reader.stop()).sort((a, b) => a - b);
  };
  const quiet = await measure(() => sleep(sizes.quietMs));
  const quietP99Ms = percentile(quiet, 99);
  log(`soak phases: quiet dashboard p50 ${percentile(quiet, 50).toFixed(1)} ms, p99 ${quietP99Ms.toFixed(1)} ms over ${quiet.length} reads`);

  const phases: PhaseFigures[] = [];
  /**
   * `prepare` runs before the bystander's reads are timed (what the phase needs in place, such as a big history);
   * `check` after them, naming what the phase found broken.
   */
  const phase = async (
    name: (typeof PHASE_NAMES)[number],
    attack: (count: (status: number | string) => void) => Promise<string | void>,
    { prepare, check }: { prepare?: () => Promise<void>; check?: () => Promise<string[]> } = {},
  ) => {
    if (only && !only.includes(name)) return;
    await prepare?.();
    const statuses: Record<string, number> = {};
    let sent = 0;
    let note: string | undefined;
    let rounds = 0;
    const rssAtStart = serverRssMb?.();
    let peak = rssAtStart;
    const sampling = setInterval(() => {
      const now = serverRssMb?.();
      if (now !== undefined) peak = Math.max(peak ?? 0, now);
    }, 100);
    const latencies = await measure(async () => {
      rounds += 1;
      note = (await attack((status) => {
        sent += 1;
        statuses[status] = (statuses[status] ?? 0) + 1;
      })) ?? undefined;
    }).finally(() => clearInterval(sampling));
    const failures = check ? await check() : [];
    const figures = { name, statuses, sent, reads: latencies.length, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), p99Ratio: percentile(latencies, 99) / Math.max(quietP99Ms, 0.001), note, rssAtStartMb: rssAtStart, peakRssMb: peak, ...(check ? { failures } : {}) };
    phases.push(figures);
    log(`soak phase ${name}: ${sent} sent in ${rounds} round(s) ${JSON.stringify(statuses)}; bystander p50 ${figures.p50Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms over ${latencies.length} reads (${figures.p99Ratio.toFixed(2)}× quiet)${peak === undefined ? '' : `; server RSS ${rssAtStart} MB as it began, at most ${peak} MB`}${note ? `; ${note}` : ''}${failures.length > 0 ? `; FAILED: ${failures.join('; ')}` : ''}`);
  };

  /** One file imported by the attacker through the API, waited for until the read models hold it. */
  let hours = 0;
  const importFile = async (rows: number): Promise<number> => {
    // Each file's sessions start at an hour of their own, so none overlaps another and every row is imported.
    const { text } = strongExport(rows, 2025, (hours += 1) % 24);
    const res = await fetch(`${base}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${attacker}`, 'content-type': 'text/csv' }, body: text, signal: AbortSignal.timeout(600_000) });
    const body = (await res.json()) as { position?: number; message?: string };
    if (res.status !== 201) throw new Error(`the import of ${rows} rows answered ${res.status}: ${body.message}`);
    const read = await fetch(`${base}/api/imports`, { headers: { authorization: `Bearer ${attacker}`, 'x-min-position': String(body.position) }, signal: AbortSignal.timeout(600_000) });
    await read.arrayBuffer();
    return res.status;
  };
  /** Waits until the read models hold everything in the log so far: a phase measures its own work, not the last one's. */
  const settled = async () => {
    const log = new Database(sqliteFile, { readonly: true });
    const head = (log.prepare('SELECT MAX(position) AS head FROM events').get() as { head: number | null }).head ?? 0;
    log.close();
    for (let stale = true; stale; ) {
      const read = await fetch(`${base}/api/imports`, { headers: { authorization: `Bearer ${attacker}`, 'x-min-position': String(head) }, signal: AbortSignal.timeout(60_000) });
      await read.arrayBuffer();
      stale = read.headers.get('x-read-stale') === 'true';
    }
  };

  await phase('giant chat messages', async (count) => {
    for (const chars of sizes.chatChars) {
      await Promise.all(
        Array.from({ length: sizes.chatEach }, async () =>
          count(await statusOf(call('POST', '/api/chat', { token: attacker, json: { message: 'a'.repeat(chars), recentHistory: [], useMealPlan: false, useWorkoutPlan: false } }))),
        ),
      );
    }
  });

  await phase('write lock that fails the projector', async (count) => {
    const other = new Database(sqliteFile);
    other.pragma('busy_timeout = 5000');
    // A plan saved just before the lock: the projector's commit of it is what the lock makes fail.
    count(await statusOf(call('POST', '/api/savePlan', { token: attacker, json: bigPlan() })));
    other.exec('BEGIN IMMEDIATE');
    await sleep(sizes.lockMs);
    other.exec('ROLLBACK');
    other.close();
    // Right after, another save: the event after the one whose commit failed.
    count(await statusOf(call('POST', '/api/savePlan', { token: attacker, json: bigPlan() })));
  });

  await phase('plan flood from one account', async (count) => {
    const saves: number[] = [];
    for (let n = 0; n < sizes.plans; n += 1) {
      const t = performance.now();
      count(await statusOf(call('POST', '/api/savePlan', { token: attacker, json: bigPlan() })));
      saves.push(performance.now() - t);
    }
    const list = await call('GET', '/api/workouts', { token: attacker });
    const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50).toFixed(1);
    const quarter = Math.max(1, Math.floor(saves.length / 4));
    return `save median ${median(saves.slice(0, quarter))} ms over the first ${quarter}, ${median(saves.slice(-quarter))} ms over the last ${quarter}; GET /api/workouts ${JSON.stringify(list.body).length} bytes`;
  });

  await phase('ticket flood from one account', async (count) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < sizes.tickets) {
          next += 1;
          count(await statusOf(call('POST', '/api/ticket-report', { token: attacker, json: { component: 'Chat', description: 'x'.repeat(5000) } })));
        }
      }),
    );
  });

  await phase('deep JSON flood, signed out', async (count) => {
    const body = deepJson();
    const until = Date.now() + sizes.deepJsonMs;
    await Promise.all(
      Array.from({ length: sizes.deepJsonConnections }, async () => {
        while (Date.now() < until) count(await statusOf(rawPost('/api/login', body).then((status) => ({ status }))));
      }),
    );
  });

  const poison = poisonImport(base, attacker);
  await phase('poison import', poison.attack, { check: poison.check });

  // The attacker's history grows to `exportSets` imported sets (through the API, files of at most ROWS_PER_FILE
  // rows, before the timing); then its dearest export, the zip of every event and CSV, is asked for over and over.
  await phase(
    'export of a big history in a loop',
    async (count) => {
      const t = performance.now();
      const res = await fetch(`${base}/api/export`, { headers: { authorization: `Bearer ${attacker}` }, signal: AbortSignal.timeout(1_800_000) });
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      count(res.status);
      return `the zip of ${sizes.exportSets} imported sets: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - t) / 1000).toFixed(1)} s`;
    },
    {
      prepare: async () => {
        const t = performance.now();
        for (let left = sizes.exportSets; left > 0; left -= ROWS_PER_FILE) await importFile(Math.min(left, ROWS_PER_FILE));
        await settled();
        log(`soak phases: ${sizes.exportSets} sets imported (and projected) for the export phase in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      },
    },
  );

  await phase(
    'big imports from one account',
    async (count) => {
      const t = performance.now();
      count(await importFile(sizes.importRows));
      return `a file of ${sizes.importRows} rows imported (and projected) in ${((performance.now() - t) / 1000).toFixed(1)} s`;
    },
    { prepare: settled },
  );

  reader.close();
  return { quietP99Ms, phases };
}

/** Files of a few hundred bytes whose values no real training has (events/bounds.ts): each must be refused whole with a 400. */
export const POISON_FILES: Record<string, string> = (() => {
  const strong = 'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n';
  const row = ({ date = '2024-03-02 07:15:00', duration = '1h', reps = '5' }) => `${date},Legs,${duration},Squat (Barbell),1,2000,${reps},0,0,,,\n`;
  return {
    'a workout of 99999999999999 hours': strong + row({ duration: '99999999999999h' }),
    'the year 0001': strong + row({ date: '0001-03-02 07:15:00' }),
    'the year 9999': strong + row({ date: '9999-03-02 07:15:00' }),
    '10,000 reps of 2,000 lb': strong + row({ reps: '10000' }),
    'a Hevy workout of three days':
      'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_lbs,reps,distance_miles,duration_seconds,rpe\n' +
      'Long,"26 Jul 2025, 07:06","29 Jul 2025, 07:06","",Bench Press (Barbell),,,0,normal,135,5,,,\n',
  };
})();

/**
 * "poison import": one account posts the poison files one after another, round after round. Each must get a 400 that
 * names its line (nothing is appended: test/imports/poison.int.spec.ts), and afterwards health must show no
 * projection halted.
 */
function poisonImport(base: string, attacker: string) {
  const wrong: string[] = [];
  return {
    attack: async (count: (status: number | string) => void) => {
      for (const [what, file] of Object.entries(POISON_FILES)) {
        const status = await statusOf(
          fetch(`${base}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${attacker}`, 'content-type': 'text/csv' }, body: file, signal: AbortSignal.timeout(60_000) }).then(async (res) => {
            const body = (await res.json()) as { message?: string };
            if (res.status !== 400 || !/^Line \d+/.test(body.message ?? '')) wrong.push(`${what}: ${res.status} ${body.message ?? ''}`);
            return res;
          }),
        );
        count(status);
      }
      return `${Object.keys(POISON_FILES).length} files a round, each ${Math.min(...Object.values(POISON_FILES).map((f) => f.length))}–${Math.max(...Object.values(POISON_FILES).map((f) => f.length))} bytes`;
    },
    check: async () => {
      const health = (await (await fetch(`${base}/api/health`)).json()) as { status: string; halted?: unknown[] };
      const failures = [...new Set(wrong)].slice(0, 5).map((w) => `a poison file was not refused with a 400 naming its line (${w})`);
      if ((health.halted ?? []).length > 0 || health.status !== 'ok') failures.push(`health says ${health.status}, halted ${JSON.stringify(health.halted)}`);
      return failures;
    },
  };
}
