// Builds the services to JavaScript for production (`npm start`, the Docker image): every TypeScript file of the
// server (services/, events/, contract/, lowlevel/) is transpiled on its own by esbuild into dist/, in the same layout, so the
// relative imports (already written with .js) and the worker threads' .mjs files resolve as they do under tsx.
// Transpiling checks no types: `npm run typecheck` does that. Development and tests keep running the TypeScript
// through tsx, but for the server the soak starts and kills (scripts/support/compiledServices.ts), which builds a copy
// of its own with `buildServer`. Plain JavaScript (not TypeScript) so it runs before anything is built.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['services', 'events', 'contract', 'lowlevel'];

const filesUnder = (dir, extension) =>
  readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));

/**
 * Builds the services into `out` (a folder inside the repo, so that packages and web/dist are found from it as from
 * dist/) and returns how many files it built and copied.
 */
export async function buildServer(out = path.join(root, 'dist')) {
  rmSync(out, { recursive: true, force: true });
  const entryPoints = sources.flatMap((dir) => filesUnder(dir, '.ts'));
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: out,
    outbase: root,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  // The worker threads' .mjs files are JavaScript already, and data files (.tsv: the food catalogue) are read as they
  // are: copied, so `new URL('./x.mjs', import.meta.url)` finds them beside the code that reads them.
  const scripts = sources.flatMap((dir) => [...filesUnder(dir, '.mjs'), ...filesUnder(dir, '.tsv')]);
  for (const file of scripts) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(out, file));
  }
  return { built: entryPoints.length, copied: scripts.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { built, copied } = await buildServer();
  console.log(`built ${built} files and copied ${copied} into dist/`);
}
