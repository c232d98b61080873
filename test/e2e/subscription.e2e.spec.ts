import { expect } from 'chai';
import { signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { expectNoSeriousA11yViolations, screenshot, signInPage, startE2E, type E2E } from '../support/browser.js';

const roleIn = (token: string | null) => (token ? JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).role : undefined);

describe('journeys 3 and 9: subscribe through the test checkout, then cancel (e2e)', function () {
  let e2e: E2E;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  it('journey 3: welcome page → Subscribe Now → /prof → test checkout → success page → full dashboard', async () => {
    // Given a signed-in non-subscriber on the welcome page
    const { token } = await signUpVerifiedUser(e2e.server, { username: 'new_member' });
    const page = await e2e.newPage();
    await signInPage(page, token, '/');
    await page.getByRole('heading', { name: 'Welcome, new_member!' }).waitFor();
    expect(await page.locator('.welcome__cards a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).to.deep.equal(['/chat', '/plan', '/work', '/prof']);
    await expectNoSeriousA11yViolations(page);

    // When they subscribe, choosing the annual plan
    await page.getByRole('link', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/prof');
    await page.getByText('Annual', { exact: true }).click();
    await page.getByText('$74.99').waitFor();
    await page.getByRole('button', { name: 'Join Early Access' }).click();

    // Then the local test checkout shows, marked TEST MODE, with the plan and price
    await page.waitForURL('**/test-checkout/**');
    await page.getByText('TEST MODE', { exact: true }).waitFor();
    await page.getByText('$74.99/year').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Pay (test mode)' }).click();

    // And the success page confirms, stores a role-3 token and says the starter plans are coming
    await page.waitForURL('**/subscription-success?session_id=*');
    await page.getByRole('heading', { name: 'You’re a Founding Member!' }).waitFor();
    await page.getByText('generating your starter meal and workout plans').waitFor();
    expect(roleIn(await page.evaluate(() => localStorage.getItem('token')))).to.equal(3);
    for (const href of ['/chat', '/plan', '/work', '/prog', '/prof']) expect(await page.locator(`.subscription__links a[href="${href}"]`).count()).to.equal(1);
    await expectNoSeriousA11yViolations(page);

    // And the dashboard is now the full one, with the subscriber's nav
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    for (const name of ['Dashboard', 'AI Chat', 'Exercises', 'Meal Plans', 'Progress', 'Profile']) await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { name: /^Welcome,/ }).count()).to.equal(0);
    await page.waitForTimeout(500);
    await screenshot(page, 'journey-3-subscribe');
  });

  it('journey 9: a subscriber cancels; the welcome dashboard is back', async () => {
    // Given a subscriber on the profile
    const { token } = await signUpSubscriber(e2e.server, { username: 'leaving_member' });
    const page = await e2e.newPage({ width: 375, height: 800 });
    await signInPage(page, token, '/prof');
    await page.getByRole('heading', { name: 'Manage Subscription' }).waitFor();
    await page.getByText('Unlimited AI trainer chat').waitFor();

    // When they cancel, giving Other with no details
    await page.getByRole('link', { name: 'Cancel Subscription' }).click();
    await page.waitForURL('**/subscription-cancel');
    await page.getByLabel('Other').check();
    await page.getByLabel('Tell us more').waitFor();
    await expectNoSeriousA11yViolations(page);
    const sent = page.waitForRequest('**/api/subscribe/cancel-subscription');
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    expect((await sent).postDataJSON()).to.deep.equal({ reason: 'Other (no details)' });

    // Then the message shows, the token is role 1, and after 4 s the profile offers Early Access again
    await page.getByText("We're sorry to see you go! Your subscription has been canceled immediately.").waitFor();
    expect(roleIn(await page.evaluate(() => localStorage.getItem('token')))).to.equal(1);
    await page.waitForURL('**/prof', { timeout: 7000 });
    await page.getByRole('button', { name: 'Join Early Access' }).waitFor();

    // And home is the welcome dashboard
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome, leaving_member!' }).waitFor();
    await page.getByRole('link', { name: 'Subscribe Now' }).waitFor();
    await screenshot(page, 'journey-9-cancel');
  });
});
