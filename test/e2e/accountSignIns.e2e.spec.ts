import { expect } from 'chai';
import path from 'node:path';
import { artifactsDir, expectNoSeriousA11yViolations, screenshot, startE2E, type E2E } from '../support/browser.js';
import { resetTokenFor, signUpVerifiedUser } from '../support/accounts.js';
import { logInOnPage, storedToken } from './account.js';

describe('account journeys: sign out everywhere, a password reset from the mail (e2e)', function () {
  this.timeout(90_000);
  let e2e: E2E;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  it('signs one device out from another, then every device at once (desktop and a 375 px phone)', async () => {
    const user = await signUpVerifiedUser(e2e.server);
    const desktop = await e2e.newPage({ width: 1280, height: 800 });
    const phone = await e2e.newPage({ width: 375, height: 740 });
    await logInOnPage(desktop, user.email, user.payload.password);
    await logInOnPage(phone, user.email, user.payload.password);

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
    await logInOnPage(phone, user.email, user.payload.password);
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
    await logInOnPage(page, user.email, user.payload.password);
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
});
