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

/**
 * The e2e suites drive the built app as `npm start` serves it. It is built here (once per run) when web/dist is
 * missing or older than any source, so `npm test` works on a clean clone and never tests a stale bundle.
 */
export function ensureWebBuilt(): void {
  const builtAt = newestMtime(path.join(root, 'web/dist/index.html'));
  const sources = Math.max(...['web/src', 'web/index.html', 'web/vite.config.ts'].map((f) => newestMtime(path.join(root, f))));
  if (builtAt > sources) return;
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 });
}

