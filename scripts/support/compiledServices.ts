import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../build.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The services compiled to JavaScript as `npm start` runs them (scripts/build.mjs), into a folder of the caller's own
 * inside the repo (packages and web/dist are found from it as from dist/), for whatever starts service processes
 * again and again, as the soak does: each start then loads JavaScript rather than transforming every source through tsx.
 * `main('services/main.ts')` names the compiled file of a source; `remove` deletes the folder.
 */
export async function compiledServices() {
  const dir = path.join(ROOT, 'node_modules', '.cache', `services-${process.pid}-${randomUUID().slice(0, 8)}`);
  await buildServer(dir);
  return {
    dir,
    main: (source: string) => path.join(dir, source.replace(/\.ts$/, '.js')),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
