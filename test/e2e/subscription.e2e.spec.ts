import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { TOO_EXPENSIVE } from '../../contract/billing/cancellationReasons.js';
import { signUpPayingSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { type E2E, e2eSuite, expectNoSeriousA11yViolations, screenshot, signInPage } from '../support/browser.js';

const roleIn = (token: string | null) => (token ? JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).role : undefined);

/** Whether the top of the element is on screen (not above it, not below the fold). */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight - 100;
  });
}

/** A visitor picks a plan on the landing page, then signs up (through the API, in the same browser) and signs in. */
async function choosePlanThenSignUp(e2e: E2E, page: Page, plan: 'Monthly' | 'Annual', username: string): Promise<void> {
  await page.goto('/landing');
  await page.getByRole('button', { name: `Join Early Access, ${plan} plan` }).click();
  await page.waitForURL('**/signup*');
  const { token } = await signUpVerifiedUser(e2e.server, { username });
  await signInPage(page, token, '/');
  await page.getByRole('heading', { name: `Welcome, ${username}!` }).waitFor();
}

describe('journeys 3 and 9: subscribe through the test checkout, then cancel (e2e)', function () {
  const e2e = e2eSuite();

  it('journey 3: Annual on the landing page → sign-up → Subscribe Now opens at the plan cards on Annual → test checkout → success page → full dashboard', async () => {
    // Given a visitor who chose the Annual plan on the landing page, then signed up and signed in
    const page = await e2e.newPage();
    await choosePlanThenSignUp(e2e, page, 'Annual', 'new_member');
    expect(await page.locator('.welcome__cards a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).to.deep.equal(['/chat', '/plan', '/work', '/prof']);
    await expectNoSeriousA11yViolations(page);

    // When they press Subscribe Now
    await page.getByRole('link', { name: 'Subscribe Now' }).click();

    // Then the profile opens at its plan cards (not its top), on the plan they chose
    await page.waitForURL('**/prof#subscription');
    await page.getByText('$74.99').waitFor();
    await page.waitForFunction(() => (document.getElementById('subscription')?.getBoundingClientRect().top ?? -1) >= 0 && document.getElementById('subscription')!.getBoundingClientRect().top < 200);
    expect(await inView(page, '#subscription')).to.equal(true);
    expect(await page.getByRole('radio', { name: 'Annual' }).isChecked()).to.equal(true);
    await screenshot(page, 'journey-3-plan-cards-1280', { fullPage: false });
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
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    for (const name of ['Dashboard', 'AI Chat', 'Exercises', 'Meal Plans', 'Progress', 'Profile']) await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { name: /^Welcome,/ }).count()).to.equal(0);
    await screenshot(page, 'journey-3-subscribe');
  });

  it('journey 3 at 390 px: Subscribe Now and a subscriber page typed in both open at the plan cards, on the plan chosen on the landing page', async () => {
    const page = await e2e.newPage({ width: 390, height: 844 });
    await choosePlanThenSignUp(e2e, page, 'Annual', 'phone_member');
    await page.getByRole('link', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/prof#subscription');
    await page.getByText('$74.99').waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('subscription')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 200;
    });
    expect(await page.getByRole('radio', { name: 'Annual' }).isChecked()).to.equal(true);
    await screenshot(page, 'journey-3-plan-cards-390', { fullPage: false });

    // A subscriber page typed in lands at the same cards, saying which page needs the subscription.
    await page.goto('/prog');
    await page.waitForURL('**/prof#subscription');
    await page.getByText('Progress is part of the subscription').waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('subscription')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 200;
    });
    await screenshot(page, 'journey-3-denied-390', { fullPage: false });
  });

  it('journey 9: an Annual subscriber cancels with reasons that fit the plan, none chosen for them; the profile follows promptly', async () => {
    // Given an Annual subscriber on the profile
    const { token } = await signUpPayingSubscriber(e2e.server, { username: 'leaving_member' }, 'annually');
    const page = await e2e.newPage({ width: 390, height: 844 });
    await signInPage(page, token, '/prof');
    await page.getByRole('heading', { name: 'Manage Subscription' }).waitFor();
    await page.getByText('Annual plan, active since').waitFor();

    // When they open the cancel page
    await page.getByRole('link', { name: 'Cancel Subscription' }).click();
    await page.waitForURL('**/subscription-cancel');

    // Then "too expensive" names the annual price, and no reason is chosen for them
    await page.getByLabel(TOO_EXPENSIVE.annually).waitFor();
    expect(await page.getByLabel(TOO_EXPENSIVE.monthly).count()).to.equal(0);
    expect(await page.getByRole('radio', { checked: true }).count()).to.equal(0);
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await page.getByText('Please choose a reason (or Other).').waitFor();
    await screenshot(page, 'journey-9-cancel-reasons-390');

    // When they give Other with no details and confirm
    await page.getByLabel('Other', { exact: true }).check();
    await page.getByLabel('Tell us more').waitFor();
    await expectNoSeriousA11yViolations(page);
    const sent = page.waitForRequest('**/api/subscribe/cancel-subscription');
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    expect((await sent).postDataJSON()).to.deep.equal({ reason: 'Other (no details)' });

    // Then the message shows with a countdown and a way to go at once; the token is role 1
    await page.getByText("We're sorry to see you go! Your subscription has been canceled immediately.").waitFor();
    await page.getByText(/Taking you back to your profile in \d s/).waitFor();
    expect(roleIn(await page.evaluate(() => localStorage.getItem('token')))).to.equal(1);
    await screenshot(page, 'journey-9-cancel-done-390');
    await page.getByRole('link', { name: 'Go to my profile now' }).click();
    await page.waitForURL('**/prof#subscription', { timeout: 1000 });
    await page.getByRole('button', { name: 'Join Early Access' }).waitFor();

    // And home is the welcome dashboard
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome, leaving_member!' }).waitFor();
    await page.getByRole('link', { name: 'Subscribe Now' }).waitFor();
  });

  it('journey 9 at 1280 px: a Monthly subscriber sees the monthly price; left alone, the page moves on to the profile by itself', async () => {
    const { token } = await signUpPayingSubscriber(e2e.server, { username: 'monthly_leaver' }, 'monthly');
    const page = await e2e.newPage();
    await signInPage(page, token, '/subscription-cancel');
    await page.getByLabel(TOO_EXPENSIVE.monthly).check();
    expect(await page.getByLabel(TOO_EXPENSIVE.annually).count()).to.equal(0);
    const sent = page.waitForRequest('**/api/subscribe/cancel-subscription');
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    expect((await sent).postDataJSON()).to.deep.equal({ reason: TOO_EXPENSIVE.monthly });
    await page.getByText("We're sorry to see you go!").waitFor();
    const shown = Date.now();
    await page.waitForURL('**/prof#subscription', { timeout: 7000 });
    // The countdown's 4 s, not more: nothing restarts it on the way.
    expect(Date.now() - shown).to.be.below(5500);
    await page.getByRole('button', { name: 'Join Early Access' }).waitFor();
    await screenshot(page, 'journey-9-cancel-1280');
  });
});
