import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const newestMtime = (target: string): number => {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
};

/** What every build reads besides its modules (web/vite.config.ts lists those in web/dist/.inputs.json). */
const ALWAYS = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/worker', 'web/public', 'package-lock.json'];

/**
 * Built after every file it was made from last changed. The list is the build's own, so a change to a file the
 * client shares with the server (events/, services/) counts too; a build without a list is stale.
 */
function isFresh(): boolean {
  const builtAt = newestMtime(path.join(root, 'web/dist/index.html'));
  let inputs: string[];
  try {
    inputs = JSON.parse(fs.readFileSync(path.join(root, 'web/dist/.inputs.json'), 'utf8')) as string[];
  } catch {
    return false;
  }
  return builtAt > Math.max(...[...ALWAYS, ...inputs].map((f) => newestMtime(path.join(root, f))));
}

/** Set by a test run that built web/dist before its parallel workers started; the workers then only check it. */
const BUILT_FOR_RUN = 'TRAINER_WEB_BUILT_FOR_RUN';

/**
 * The e2e suites drive the built app as `npm start` serves it. It is built here when web/dist is missing or older
 * than any source, so `npm test` works on a clean clone and never tests a stale bundle. In a parallel run the main
 * process builds it once before the workers start (test/support/buildWeb.ts): two workers building at once would
 * empty web/dist under each other, so there a stale bundle is an error rather than a second build.
 */
export function ensureWebBuilt(): void {
  if (isFresh()) return;
  if (process.env[BUILT_FOR_RUN]) throw new Error('a source of the web build changed after this test run built web/dist: run the tests again');
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 });
}

/** Builds web/dist if stale and marks it built for this process and the ones it starts from now on. */
export function buildWebForRun(): void {
  ensureWebBuilt();
  process.env[BUILT_FOR_RUN] = '1';
}
