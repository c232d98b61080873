import { expect } from 'chai';
import path from 'node:path';
import { artifactsDir, expectNoSeriousA11yViolations, screenshot, startE2E, type E2E } from '../support/browser.js';
import { signUpPayingSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { logInOnPage, storedToken } from './account.js';

describe('account journeys: deleting the account from /prof (e2e)', function () {
  this.timeout(90_000);
  let e2e: E2E;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  for (const [width, name, paying] of [[375, 'account-delete-375', false], [1280, 'account-delete-desktop', true]] as const) {
    it(`deletes the account from /prof after saying what will happen and asking for the password (${width} px)`, async () => {
      const user = paying ? await signUpPayingSubscriber(e2e.server) : await signUpVerifiedUser(e2e.server);
      const page = await e2e.newPage({ width, height: 800 });
      await logInOnPage(page, user.email, user.payload.password);
      await page.goto('/prof#delete');
      const section = page.locator('#delete');
      await section.getByText('Deleting your account cannot be undone.').waitFor();
      expect(await section.getByText('your subscription is cancelled at once').count()).to.equal(paying ? 1 : 0);
      await section.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account for good?' });
      await dialog.waitFor();
      await dialog.getByLabel('Your password').fill('not my password');
      await dialog.getByRole('button', { name: 'Delete for good' }).click();
      await dialog.getByText('Your current password is not correct.').waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: path.join(artifactsDir, `${name}-dialog.png`) });
      await dialog.getByLabel('Your password').fill(user.payload.password);
      await dialog.getByRole('button', { name: 'Delete for good' }).click();

      await page.getByText('Your account has been deleted, and everything personal in it with it.').waitFor();
      expect(await page.evaluate(() => location.pathname)).to.equal('/login');
      expect(await storedToken(page)).to.equal(null);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, name);
      await page.getByLabel('E-mail or username').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.payload.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByText('Invalid e-mail/username or password').waitFor();
    });
  }
});
