// A mocha root hook loaded by `npm test`: it counts the chai assertions each spec file executes and the distinct places
// in the test code they are written at (the spec file's line that asked, or a support file's when no spec file is on
// the stack), so a change to the suite can show that it lost no assertion, and it times each file. It is TypeScript so
// that it patches the chai instance the spec files load through tsx. In the parallel run root hooks run once per spec
// file; each file's figures are appended to TEST_ASSERTIONS_FILE as `file <tab> executed <tab> site site ... <tab> ms`
// (its wall time from its first hook to its last), and scripts/test/run.mjs sums the counts (the sites as a union
// across files) and, with --record, writes the times to test/durations.json.
import fs from 'node:fs';
import { Assertion } from 'chai';

const inTests = /\/test\/[^:]*\.ts:\d+/;
let executed = 0;
let sites = new Set<string>();
let startedAt = 0;

const original = Assertion.prototype.assert;
Assertion.prototype.assert = function assert(this: Chai.AssertionStatic, ...args: Parameters<typeof original>) {
  executed += 1;
  // eslint-disable-next-line no-restricted-syntax -- an Error's own stack, not a router's
  const stack = new Error().stack ?? '';
  // The place in the spec file that asked, else the support file's own line.
  const frames = stack.split('\n').slice(2).map((line) => inTests.exec(line)).filter((frame) => frame !== null);
  const match = frames.find((frame) => frame[0].includes('.spec.ts:')) ?? frames[0];
  if (match) sites.add(match[0].slice(match[0].indexOf('/test/') + 1));
  return original.apply(this, args);
};

export const mochaHooks = {
  beforeAll(): void {
    executed = 0;
    sites = new Set();
    startedAt = performance.now();
  },
  afterAll(this: Mocha.Context): void {
    // The root suite of a spec file has no file of its own: its first suite names it.
    const file = this.test?.parent?.file ?? this.test?.parent?.suites[0]?.file;
    if (file && process.env.TEST_ASSERTIONS_FILE) {
      fs.appendFileSync(process.env.TEST_ASSERTIONS_FILE, `${file}\t${executed}\t${[...sites].join(' ')}\t${Math.round(performance.now() - startedAt)}\n`);
    }
  },
};
