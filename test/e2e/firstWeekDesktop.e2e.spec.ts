import { startE2E, type E2E } from '../support/browser.js';
import { aFirstWeek } from './firstWeek.js';

/** The first week at desktop width over days 1 to 3 (a workout, an empty session, a workout): every kind of day once,
 * without running the week twice (the phone run has all seven). */
describe("a beginner's first week at 1280 px (e2e)", function () {
  this.timeout(300_000);
  let e2e: E2E;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  it(`the first week at 1280 px: days 1 to 3 with reloads and Back, every figure on the dashboard and /prog against the log`, async () => {
    await aFirstWeek(e2e, 1280, 3);
  });
});
