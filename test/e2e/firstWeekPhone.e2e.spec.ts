import { startE2E, type E2E } from '../support/browser.js';
import { aFirstWeek } from './firstWeek.js';

/** The whole first week at phone width. */
describe("a beginner's first week at 390 px (e2e)", function () {
  this.timeout(300_000);
  let e2e: E2E;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  it(`the first week at 390 px: days 1 to 7 with reloads and Back, every figure on the dashboard and /prog against the log`, async () => {
    await aFirstWeek(e2e, 390, 7);
  });
});
