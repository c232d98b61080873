import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/** Temp dirs made by the bench; all of them are removed by `cleanTempDirs` (run.ts calls it on every exit path). */
const made = new Set<string>();

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `trainer-bench-${prefix}-`));
  made.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  made.delete(dir);
}

export function cleanTempDirs(): void {
  for (const dir of made) removeTempDir(dir);
}

export const now = () => performance.now();

/** Progress goes to stderr, so stdout holds only the table and the JSON line. */
export const note = (message: string) => process.stderr.write(`[bench] ${message}\n`);

export const MB = 1024 * 1024;
export const round = (value: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** Nearest-rank percentile of `values` (ms, any order). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Rejects when `promise` has not settled after `ms`, naming what ran out of time. */
export async function within<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Writes a file just made (the generated log, a copy of it) through to the disk before anything is timed on it: the
 * kernel otherwise flushes it later, in the middle of whichever scan or rebuild runs then.
 */
export function flushToDisk(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Tasks `child.ts` can run in a separate process (own event loop and heap, so it does not share a core's loop with the server). */
export type ChildTask = 'load' | 'replay' | 'read' | 'scan' | 'analytics';

const children = new Set<ChildProcess>();

/** A child process started elsewhere (a server apart) that `killChildren` must stop too, when the bench is stopped. */
export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** The npm script whose work a task measures: the child runs with that script's Node flags, as `npm run` would. */
const SCRIPT_OF: Partial<Record<ChildTask, string>> = { replay: 'replay', read: 'replay', analytics: 'analytics' };

/** The flags before the file in `"tsx <flags> scripts/x.ts"`, so package.json stays the one place they are set. */
function nodeFlagsOf(task: ChildTask): string[] {
  const script = SCRIPT_OF[task];
  if (!script) return [];
  const packageJson = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> };
  return packageJson.scripts[script]!.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Runs `task` with `input` in a forked Node process (same tsx loader as this one) and resolves with what it sends
 * back. The child is killed when `timeoutMs` runs out.
 */
export function inChild<I, O>(task: ChildTask, input: I, timeoutMs: number): Promise<O> {
  return new Promise<O>((resolve, reject) => {
    const execArgv = [...process.execArgv, ...nodeFlagsOf(task)];
    const child = fork(path.join(import.meta.dirname, 'child.ts'), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv });
    children.add(child);
    let settled = false;
    const finish = (error: Error | undefined, value?: O) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      children.delete(child);
      if (child.exitCode === null && child.signalCode === null) child.kill();
      if (error) reject(error);
      else resolve(value as O);
    };
    const timer = setTimeout(() => finish(new Error(`child task ${task} did not finish within ${timeoutMs} ms`)), timeoutMs);
    child.on('message', (message: { ok: boolean; value?: O; error?: string }) => {
      if (message.ok) finish(undefined, message.value);
      else finish(new Error(`child task ${task} failed: ${message.error}`));
    });
    child.on('error', (error) => finish(error));
    child.on('exit', (code, signal) => finish(new Error(`child task ${task} exited (${code ?? signal}) without an answer`)));
    child.send({ task, input });
  });
}

/**
 * One child process for many tasks of one kind, one at a time (the HTTP runs' load generator): starting a child
 * under the tsx loader for every run cost seconds each on a loaded machine, most of the HTTP part's time.
 */
export class ChildRunner {
  private readonly child = fork(path.join(import.meta.dirname, 'child.ts'), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: process.execArgv });

  constructor() {
    children.add(this.child);
  }

  run<I, O>(task: ChildTask, input: I, timeoutMs: number): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const finish = (error: Error | undefined, value?: O) => {
        clearTimeout(timer);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
        if (error) {
          this.close();
          reject(error);
        } else resolve(value as O);
      };
      const onMessage = (message: { ok: boolean; value?: O; error?: string }) =>
        message.ok ? finish(undefined, message.value) : finish(new Error(`child task ${task} failed: ${message.error}`));
      const onExit = (code: number | null, signal: string | null) => finish(new Error(`child task ${task} exited (${code ?? signal}) without an answer`));
      const timer = setTimeout(() => finish(new Error(`child task ${task} did not finish within ${timeoutMs} ms`)), timeoutMs);
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
      this.child.send({ task, input, stay: true });
    });
  }

  close(): void {
    children.delete(this.child);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
  }
}

export function killChildren(): void {
  for (const child of children) child.kill();
  children.clear();
}

/**
 * Runs a bench script's `main`: on failure its stack goes to stderr, child processes are killed and the exit code
 * is 1; either way temp dirs are removed and the process exits (an embedded server would otherwise keep it alive).
 */
export function runBenchScript(main: () => Promise<void>): void {
  main()
    .catch((error) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      killChildren();
      process.exitCode = 1;
    })
    .finally(() => {
      cleanTempDirs();
      process.exit();
    });
}
