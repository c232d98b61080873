import { screenshot, startE2E, type E2E } from '../support/browser.js';
import { signUpVerifyAndLogIn } from './journeys.js';

describe('journeys 2 and 11: sign-up in three steps, the mailed link, login (e2e)', function () {
  let e2e: E2E;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  it('journey 2: on a desktop', async () => {
    const page = await e2e.newPage({ width: 1280, height: 800 });
    await signUpVerifyAndLogIn(e2e, page);
    await screenshot(page, 'journey-2-signup');
  });

  it('journey 11: on a 375 px wide phone', async () => {
    const page = await e2e.newPage({ width: 375, height: 740 });
    await signUpVerifyAndLogIn(e2e, page);
    await screenshot(page, 'journey-11-signup-375');
  });
});
