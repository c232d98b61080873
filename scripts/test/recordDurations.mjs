// A mocha root hook for `node scripts/test/run.mjs --record`: in the parallel run, root hooks run once per spec file,
// so each file's wall time from its first hook to its last is appended to TEST_DURATIONS_FILE.
import fs from 'node:fs';

let startedAt = 0;
export const mochaHooks = {
  beforeAll() {
    startedAt = performance.now();
  },
  afterAll() {
    // The root suite of a spec file has no file of its own: its first suite names it.
    const file = this.test?.parent?.file ?? this.test?.parent?.suites?.[0]?.file;
    if (file && process.env.TEST_DURATIONS_FILE) fs.appendFileSync(process.env.TEST_DURATIONS_FILE, `${file}\t${Math.round(performance.now() - startedAt)}\n`);
  },
};
