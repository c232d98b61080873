import { expect } from 'chai';
import { PHASE_NAMES, SHORT_PHASES } from '../../scripts/soak/phases.js';
import { runSoak } from '../../scripts/soak/soak.js';

/**
 * The soak in its short form (`npm run soak` is the long one; docs/adr/0150 says what each proves): a few users with
 * Idempotency-Keys and retries against the real server process, which is SIGKILLed twice, while the log is locked by
 * someone else for a while, then each hostile phase once at a size that meets its defence. Jobs run in-process here;
 * the long form adds its own Redis and stops it for 20 s.
 */
describe('soak (short form): kills and a held write lock', function () {
  // Alone it takes under a minute; beside the rest of the suite on two cores it may take several.
  this.timeout(600_000);

  it('loses no acknowledged command, applies none twice, answers no 5xx but the bounded 503, and its read models equal a replay', async () => {
    const users = 4;
    const figures = await runSoak({ durationMs: 8000, minAcknowledged: users * 5 + 1, users, kills: 2, lockMs: 1500, redisStopMs: 0, phases: SHORT_PHASES, passwordHashLogN: 10 });
    console.log(
      `      soak: ${figures.requests} requests, ${figures.acknowledgedCommands} acknowledged, ${figures.killsSurvived} kills survived, ` +
        `${figures.eventsLost} events lost, ${figures.unexpected5xx} unexpected 5xx, ${figures.busy503} × 503, ${figures.jobsRerun} mail reruns`,
    );
    // The hostile phases ran (their latencies are npm run soak's to judge, not a test's); the read-model check
    // below covers what they wrote, the projector's failed commit under the held lock included.
    expect(figures.phases.map((p) => p.name)).to.deep.equal([...PHASE_NAMES]);
    for (const p of figures.phases) console.log(`      phase ${p.name}: ${p.sent} sent ${JSON.stringify(p.statuses)}, bystander p99 ${p.p99Ms.toFixed(1)} ms (${p.p99Ratio.toFixed(2)}× quiet)`);
    expect(figures.problems).to.deep.equal([]);
    expect(figures.killsSurvived).to.equal(2);
    // The load did work: each user had several commands acknowledged, across the kills.
    expect(figures.acknowledgedCommands).to.be.above(users * 5);
    expect(figures.eventsLost).to.equal(0);
    expect(figures.appliedTwice).to.equal(0);
    expect(figures.unexpected5xx).to.equal(0);
    expect(figures.readModelDiffs).to.equal(0);
    expect(figures.jobsLost).to.equal(0);
  });
});
