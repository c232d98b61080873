import { LONG_PHASES } from './phases.js';
import { runSoak } from './soak.js';

/**
 * `npm run soak`: the long form of the soak (200 users, 60 s, 5 kills, Redis stopped 20 s, the write lock
 * held 10 s elsewhere), then the fuzz's long form is `FUZZ_RUNS=10000 npx mocha test/soak/fuzz.int.spec.ts`.
 * SOAK_SECONDS, SOAK_USERS, SOAK_KILLS, SOAK_LOCK_MS, SOAK_REDIS_STOP_MS override the size; SOAK_PHASES (names
 * from phases.ts, comma-separated) runs only those hostile phases. `npm run soak:phases` is the hostile phases at
 * their long sizes after a token load with no faults. Exits 1 when a check fails.
 */
const figures = await runSoak({
  durationMs: Number(process.env.SOAK_SECONDS ?? 60) * 1000,
  users: Number(process.env.SOAK_USERS ?? 200),
  kills: Number(process.env.SOAK_KILLS ?? 5),
  lockMs: Number(process.env.SOAK_LOCK_MS ?? 10_000),
  redisStopMs: Number(process.env.SOAK_REDIS_STOP_MS ?? 20_000),
  redis: true,
  phases: LONG_PHASES,
  onlyPhases: process.env.SOAK_PHASES?.split(',').map((name) => name.trim()),
  log: (line) => console.log(line),
});
console.log(JSON.stringify(figures, null, 2));
// During each hostile phase a bystander's dashboard p99 stays within 3× its quiet value (docs/adr/0146).
const slowPhases = figures.phases.filter((p) => p.p99Ratio > 3);
for (const p of slowPhases) console.log(`soak: during '${p.name}' the bystander's dashboard p99 was ${p.p99Ratio.toFixed(2)}× its quiet value (at most 3)`);
const brokenPhases = figures.phases.filter((p) => (p.failures ?? []).length > 0);
for (const p of brokenPhases) console.log(`soak: '${p.name}' found ${p.failures!.join('; ')}`);
const failed = slowPhases.length > 0 || brokenPhases.length > 0 || figures.unexpected5xx + figures.eventsLost + figures.appliedTwice + figures.readModelDiffs + figures.jobsLost > 0 || figures.killsSurvived < Number(process.env.SOAK_KILLS ?? 5);
console.log(
  `soak: ${figures.requests} requests, ${figures.acknowledgedCommands} acknowledged commands, ${figures.killsSurvived} kills survived, ` +
    `${figures.eventsLost} events lost, ${figures.unexpected5xx} unexpected 5xx (${figures.busy503} bounded 503), ` +
    `${figures.readModelDiffs} read-model diffs against a replay, ${figures.jobsLost} mail jobs lost, ${figures.jobsRerun} reruns: ${failed ? 'FAILED' : 'ok'}`,
);
process.exit(failed ? 1 : 0);
