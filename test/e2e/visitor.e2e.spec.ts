import { expect } from 'chai';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';

describe('journey 1: a visitor on the landing page (e2e)', function () {
  const e2e = e2eSuite();

  it('shows the landing page at / with its sections, a tagline that rotates every 2.2 s, and Sign In in the nav', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    const tagline = page.getByTestId('tagline');
    expect(await tagline.textContent()).to.equal('gets it.');
    expect(await page.getByRole('button', { name: 'Try Kinetic' }).count()).to.equal(1);
    expect(await page.locator('.features > li').count()).to.equal(8);
    expect(await page.locator('.pill').allTextContents()).to.have.length(4);
    expect(await page.getByRole('button', { name: /Join Early Access/ }).count()).to.equal(2);
    expect(await page.getByText('$6.99').count()).to.equal(1);
    expect(await page.getByText('save 22 percent for life').count()).to.equal(1);
    expect(await page.getByText('$74.99').count()).to.equal(1);
    expect(await page.getByText('save 21 percent', { exact: true }).count()).to.equal(1);
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).to.equal(1);
    await page.waitForFunction(() => document.querySelector('[data-testid="tagline"]')?.textContent === 'listens.', null, { timeout: 4000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="tagline"]')?.textContent === 'adapts.', null, { timeout: 4000 });
    await expectNoSeriousA11yViolations(page);
  });

  it('enlarges a screenshot in a dialog that Escape closes', async () => {
    const page = await e2e.newPage();
    await page.goto('/landing');
    await page.getByRole('button', { name: 'Enlarge meal plans' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meal plans' });
    await dialog.waitFor();
    await expectNoSeriousA11yViolations(page);
    // Focus stays inside the open dialog however far one tabs.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).to.equal(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('scrolls to early access with Try Kinetic, and Join Early Access goes to /signup', async () => {
    const page = await e2e.newPage();
    await page.goto('/landing');
    // A new page's pointer rests at its top left corner, over the side nav, which widens over the hero while hovered;
    // a person's pointer comes to the button from the page.
    const { width, height } = page.viewportSize()!;
    await page.mouse.move(width - 20, height / 2);
    await page.getByRole('button', { name: 'Try Kinetic' }).click();
    await page.waitForFunction(() => {
      const box = document.getElementById('early-access')!.getBoundingClientRect();
      return box.top < window.innerHeight && box.bottom > 0;
    });
    await page.getByRole('button', { name: 'Join Early Access, Annual plan' }).click();
    await page.waitForURL('**/signup');
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  });

  it('joins the waitlist, and shows the server error and the network error', async () => {
    const page = await e2e.newPage({ width: 375, height: 800 });
    await page.goto('/landing');
    await expectNoSeriousA11yViolations(page);
    const email = page.getByLabel('E-mail address');
    const join = page.getByRole('button', { name: 'Join the waitlist' });

    // Given an address the server refuses (longer than an address may be), the server's error shows.
    await email.fill(`${'a'.repeat(260)}@example.com`);
    await join.click();
    const error = page.locator('.waitlist .alert--error');
    await error.waitFor();
    expect(await error.textContent()).to.equal('Please enter a valid e-mail address');

    // When the network is down, the network message shows.
    await page.route('**/api/waitlist', (route) => route.abort('internetdisconnected'));
    await email.fill('early@example.com');
    await join.click();
    await page.getByText('Network error. Please try again.').waitFor();
    await page.unroute('**/api/waitlist');

    // Then with the network back the address is taken.
    await join.click();
    await page.getByText("You're on the list! We'll email you when we launch.").waitFor();
    await page.getByText("You're on the list!").scrollIntoViewIfNeeded();
    await screenshot(page, 'journey-1-visitor');
  });
});
