import { expect } from 'chai';
import { signUpVerifiedUser } from '../support/accounts.js';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot, signInPage } from '../support/browser.js';

describe('journey 10: guards (e2e)', function () {
  const e2e = e2eSuite();

  it('sends a visitor opening /work to /home, which shows the visitor home', async () => {
    const page = await e2e.newPage();
    await page.goto('/work');
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: 'Meet your AI personal trainer' }).waitFor();
    expect(await page.locator('.home__cards h2').allTextContents()).to.deep.equal(['Smart Workouts', 'Nutrition Guidance', 'Progress Tracking']);
  });

  it('sends a visitor with an expired token to /home and removes the token', async () => {
    const page = await e2e.newPage();
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const expired = `${b64({ alg: 'HS256' })}.${b64({ sub: 'x', name: 'Old', role: 3, exp: 1 })}.sig`;
    await signInPage(page, expired, '/prof');
    await page.waitForURL('**/home');
    expect(await page.evaluate(() => localStorage.getItem('token'))).to.equal(null);
  });

  it('sends a signed-in non-subscriber opening /work to /prof, which shows the profile and the Early Access offer', async () => {
    const { token } = await signUpVerifiedUser(e2e.server, { username: 'guarded_user' });
    const page = await e2e.newPage({ width: 375, height: 800 });
    await signInPage(page, token, '/work');
    await page.waitForURL('**/prof#subscription');
    await page.getByRole('heading', { name: 'Manage Subscription' }).waitFor();
    await page.getByRole('button', { name: 'Join Early Access' }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).to.equal('guarded_user');
    await expectNoSeriousA11yViolations(page);

    // The profile form keeps its required fields, and a save is confirmed and read back
    await page.getByLabel('Target weight (lb)').fill('');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Target weight is required.').waitFor();
    await page.getByLabel('Target weight (lb)').fill('150');
    await page.getByLabel('Weight (lb)', { exact: true }).fill('158.5');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    const profile = await e2e.server.call('GET', '/api/profile', { token });
    expect([profile.body.weight_lb, profile.body.target_weight_lb]).to.deep.equal([158.5, 150]);
    await screenshot(page, 'journey-10-guards');
  });
});

describe('the nav: mobile menu and logout (e2e)', function () {
  const e2e = e2eSuite();

  it('opens and closes the menu with its toggle on a phone; Logout removes the token, closes the menu and goes to /login', async () => {
    const { token } = await signUpVerifiedUser(e2e.server, { username: 'menu_user' });
    const next = await signUpVerifiedUser(e2e.server, { username: 'next_user' });
    const page = await e2e.newPage({ width: 375, height: 740 });
    await signInPage(page, token, '/prof');
    expect(await page.getByLabel('Name').inputValue()).to.equal('menu_user');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome, menu_user!' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).to.equal(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.waitFor({ state: 'visible' });
    expect(await nav.getByRole('link').allTextContents()).to.deep.equal(['Home', 'AI Chat', 'Profile']);
    await screenshot(page, 'nav-menu-375');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await nav.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    // The login page signs the app out as it arrives: the token goes once it has.
    await page.waitForFunction(() => localStorage.getItem('token') === null);
    expect(await nav.isVisible()).to.equal(false);
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).to.equal('false');

    // The next person to log in on this browser sees their own profile, nothing cached from the last one.
    await page.getByLabel('E-mail or username').fill(next.email);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: 'Welcome, next_user!' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/prof');
    await page.getByRole('heading', { name: 'Private Information' }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).to.equal('next_user');
  });
});
