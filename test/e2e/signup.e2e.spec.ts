import { expect } from 'chai';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { signupPayload } from '../support/accounts.js';
import { mailsTo } from '../../scripts/support/outbox.js';
import { until } from '../workers/support.js';
import { signUpVerifyAndLogIn } from './journeys.js';

describe('journeys 2 and 11: sign-up in three steps, the mailed link, login (e2e)', function () {
  const e2e = e2eSuite();

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

  it('login before verification offers a new verification link, by e-mail or by username, and sends it', async () => {
    const username = `un_${Math.random().toString(36).slice(2, 8)}`;
    const payload = signupPayload({ username });
    expect((await e2e.server.call('POST', '/api/signup-email', { json: payload })).status).to.equal(201);
    await until('the sign-up mail', () => mailsTo(e2e.server.dataDir, payload.email).length === 1, 5000);
    const page = await e2e.newPage();
    await page.goto('/login');
    const send = page.getByRole('button', { name: 'Send a new verification link' });
    const sent = page.getByText('If that address has an account waiting for verification, a new link is on its way.');

    // Logged in with the address: the refusal's sentence, and the button sends to that address.
    await page.getByLabel('E-mail or username').fill(payload.email);
    await page.getByLabel('Password').fill(payload.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Please verify your e-mail before logging in: open the link we sent you. No mail? Ask for a new verification link.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await send.click();
    await sent.waitFor();
    await until('the second mail', () => mailsTo(e2e.server.dataDir, payload.email).length === 2, 5000);

    // Logged in with the username: the page asks for the address first.
    await page.getByLabel('E-mail or username').fill(username);
    await page.getByRole('button', { name: 'Log In' }).click();
    await sent.waitFor({ state: 'detached' });
    await send.click();
    await page.getByText('Please enter a valid e-mail address.').waitFor();
    await page.getByLabel('Your e-mail address').fill(payload.email);
    await send.click();
    await sent.waitFor();
    await until('the third mail', () => mailsTo(e2e.server.dataDir, payload.email).length === 3, 5000);
    await screenshot(page, 'login-unverified-resend');
  });
});
