import { expect } from 'chai';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { artifactsDir, e2eSuite, expectNoSeriousA11yViolations, logInBrowser, screenshot } from '../support/browser.js';
import { resetTokenFor, signUpPayingSubscriber, signUpVerifiedUser } from '../support/accounts.js';

/** Logs in on the login page as a person does; resolves once the app is signed in. The journeys below that are not about the login page sign in with `logInBrowser`. */
async function logInOnPage(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForFunction((path) => location.pathname === path, '/');
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

describe('account journeys: sign out everywhere, a password reset from the mail (e2e)', function () {
  this.timeout(90_000);
  const e2e = e2eSuite();

  it('signs one device out from another, then every device at once (desktop and a 375 px phone)', async () => {
    const user = await signUpVerifiedUser(e2e.server);
    const desktop = await e2e.newPage({ width: 1280, height: 800 });
    const phone = await e2e.newPage({ width: 375, height: 740 });
    await logInBrowser(desktop, e2e.server, user.email, user.payload.password);
    await logInBrowser(phone, e2e.server, user.email, user.payload.password);

    // On the desktop, /prof lists three sign-ins (the test's own login too) and signs the phone out.
    await desktop.goto('/prof#security');
    const devices = desktop.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    await devices.nth(2).waitFor();
    expect(await devices.count()).to.equal(3);
    expect(await devices.filter({ hasText: '(this device)' }).count()).to.equal(1);
    await expectNoSeriousA11yViolations(desktop);
    await devices.nth(2).getByRole('button', { name: /^Sign out / }).click();
    await devices.nth(2).waitFor({ state: 'detached' });
    await desktop.locator('#security').screenshot({ path: path.join(artifactsDir, 'account-devices-desktop.png') });

    // The phone's next request is refused: it forgets its token and shows the signed-out app.
    await phone.goto('/prof');
    await phone.waitForFunction((path) => location.pathname !== path, '/prof');
    expect(await storedToken(phone)).to.equal(null);

    // The phone signs in again and signs out everywhere: the desktop is out too.
    await logInBrowser(phone, e2e.server, user.email, user.payload.password);
    await phone.goto('/prof#security');
    await phone.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem').nth(1).waitFor();
    await phone.locator('#security').screenshot({ path: path.join(artifactsDir, 'account-devices-375.png') });
    await phone.getByRole('button', { name: 'Sign out everywhere' }).click();
    await phone.waitForFunction((path) => location.pathname === path, '/login');
    // The login page signs the app out as it arrives: the token goes once it has.
    await phone.waitForFunction(() => localStorage.getItem('token') === null);
    expect((await e2e.server.call('GET', '/api/profile', { token: user.token })).status).to.equal(401);
    await desktop.reload();
    await desktop.waitForFunction((path) => location.pathname !== path, '/prof');
    expect(await storedToken(desktop)).to.equal(null);
  });

  it('Logout in the nav ends the sign-in on the server, not only in the browser', async () => {
    const user = await signUpVerifiedUser(e2e.server);
    const page = await e2e.newPage({ width: 1280, height: 800 });
    await logInBrowser(page, e2e.server, user.email, user.payload.password);
    await page.goto('/');
    const token = (await storedToken(page))!;
    expect((await e2e.server.call('GET', '/api/profile', { token })).status).to.equal(200);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForFunction((path) => location.pathname === path, '/login');
    expect((await e2e.server.call('GET', '/api/profile', { token })).status).to.equal(401);
  });

  for (const [width, name] of [[375, 'account-reset-375'], [1280, 'account-reset-desktop']] as const) {
    it(`resets a forgotten password from the mailed link (${width} px)`, async () => {
      const user = await signUpVerifiedUser(e2e.server);
      const page = await e2e.newPage({ width, height: 800 });
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByLabel('E-mail or username').fill(user.email);
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await page.getByText('If that account exists, a link to choose a new password is on its way').waitFor();
      await expectNoSeriousA11yViolations(page);

      const token = await resetTokenFor(e2e.server.dataDir, user.email);
      await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
      await page.getByLabel('New password', { exact: true }).fill('fresh pass 1');
      await page.getByLabel('Confirm new password').fill('fresh pass 2');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('Passwords do not match').waitFor();
      await page.getByLabel('Confirm new password').fill('fresh pass 1');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('Your password has been changed. Log in with your new password.').waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, name);
      expect((await e2e.server.call('GET', '/api/profile', { token: user.token })).status).to.equal(401);

      await page.getByRole('link', { name: 'Go to Log In' }).click();
      await logInOnPage(page, user.email, 'fresh pass 1');
    });
  }

  for (const [width, name, paying] of [[375, 'account-delete-375', false], [1280, 'account-delete-desktop', true]] as const) {
    it(`deletes the account from /prof after saying what will happen and asking for the password (${width} px)`, async () => {
      const user = paying ? await signUpPayingSubscriber(e2e.server) : await signUpVerifiedUser(e2e.server);
      const page = await e2e.newPage({ width, height: 800 });
      await logInBrowser(page, e2e.server, user.email, user.payload.password);
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
      await screenshot(page, `${name}-dialog`, { fullPage: false });
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
