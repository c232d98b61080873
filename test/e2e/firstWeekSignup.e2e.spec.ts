import { expect } from 'chai';
import { signUpVerifiedUser } from '../support/accounts.js';
import { screenshot, signInPage, startE2E, type E2E } from '../support/browser.js';

/** A beginner's first week: signing up, and where a non-subscriber lands. */
describe("a beginner's first week: signing up (e2e)", function () {
  this.timeout(180_000);
  let e2e: E2E;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  for (const width of [390, 1280]) {
    it(`at ${width} px: sign-up steps are in the history, entries survive Back, Forward and a reload, Skip skips, nothing is pre-chosen`, async () => {
      const page = await e2e.newPage({ width, height: 800 });
      const email = `week${Math.random().toString(36).slice(2, 10)}@example.com`;
      await page.goto('/landing');
      await page.goto('/signup');
      await page.getByText('Step 1 of 3').waitFor();
      expect(await page.evaluate(() => window.scrollY), 'the page opens at its top').to.equal(0);
      await screenshot(page, `first-week-signup-step1-${width}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Age').fill('34');
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByLabel('Confirm password').fill('secret123');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Your body and goal' }).waitFor();
      expect(new URL(page.url()).search).to.equal('?step=2');
      expect(await page.getByLabel('Gender').inputValue(), 'no gender chosen for the person').to.equal('');
      await page.getByLabel('Height (inches)').fill('65');

      // Back is step 1 with its entries, not the landing page; Forward is step 2 with its own.
      await page.goBack();
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).to.equal(email);
      await page.goForward();
      await page.getByRole('heading', { name: 'Your body and goal' }).waitFor();
      expect(await page.getByLabel('Height (inches)').inputValue()).to.equal('65');

      // Skip asks, and Yes, Continue goes on once the step's required entries are there.
      await page.getByLabel('Weight (lb)', { exact: true }).fill('170');
      await page.getByLabel('Fitness goal').selectOption('Lose weight');
      await page.getByRole('button', { name: 'Skip for now' }).click();
      await screenshot(page, `first-week-signup-skip-${width}`);
      await page.getByRole('alertdialog', { name: 'Skip for now?' }).getByRole('button', { name: 'Yes, Continue' }).click();
      await page.getByRole('heading', { name: 'How we can help' }).waitFor();
      expect(new URL(page.url()).search).to.equal('?step=3');

      // A reload keeps the entries but never the passwords: it goes back to the step that needs them.
      await page.reload();
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).to.equal(email);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).to.equal('');
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByLabel('Confirm password').fill('secret123');
      await page.getByRole('button', { name: 'Next' }).click();
      expect(await page.getByLabel('Height (inches)').inputValue()).to.equal('65');
      await screenshot(page, `first-week-signup-after-reload-${width}`);
    });
  }

  it('a non-subscriber typing /prog is told why they landed on their profile', async () => {
    e2e.server.clock.set(new Date().toISOString());
    const { token } = await signUpVerifiedUser(e2e.server);
    const page = await e2e.newPage({ width: 390 });
    await signInPage(page, token, '/prog');
    await page.waitForURL('**/prof#subscription');
    await page.getByText('Progress is part of the subscription').waitFor();
    await screenshot(page, 'first-week-guard-reason-390');
  });
});
