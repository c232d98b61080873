import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, verificationPathFor, type E2E } from '../support/browser.js';

/** Journey 2's steps, shared by the desktop and 375 px runs: three sign-up steps, the mailed link, the login. */
export async function signUpVerifyAndLogIn(e2e: E2E, page: Page): Promise<{ email: string }> {
  const email = `e2e${Math.random().toString(36).slice(2, 10)}@example.com`;
  await page.goto('/signup');

  // Step 1: a mismatched confirmation is refused with the spec's text.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(`jo_${Math.random().toString(36).slice(2, 8)}`);
  await page.getByLabel('Age').fill('34');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret124');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Passwords do not match').waitFor();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: required numbers and the goal; Skip for now opens a dialog both of whose buttons close it.
  await page.getByRole('heading', { name: 'Your body and goal' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Height is required.').waitFor();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  const skip = page.getByRole('alertdialog', { name: 'Skip for now?' });
  await skip.waitFor();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await skip.waitFor({ state: 'detached' });
  await page.getByLabel('Gender').selectOption('Female');
  await page.getByLabel('Height (inches)').fill('65');
  await page.getByLabel('Weight (lb)', { exact: true }).fill('170');
  await page.getByLabel('Target weight (lb)').fill('150');
  await page.getByLabel('Fitness goal').selectOption('Lose weight');
  await page.getByLabel('Weekly workouts').fill('3');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: Create Account stays disabled until both consents are ticked.
  await page.getByRole('heading', { name: 'How we can help' }).waitFor();
  await page.getByLabel('Activity level').selectOption('Moderately exercise');
  await page.getByLabel('Meal suggestions').check();
  const create = page.getByRole('button', { name: 'Create Account' });
  expect(await create.isDisabled()).to.equal(true);
  await page.getByLabel(/Privacy Policy/).check();
  expect(await create.isDisabled()).to.equal(true);
  await page.getByLabel(/Terms of Service/).check();
  await expectNoSeriousA11yViolations(page);
  await create.click();

  // The popup, then /login after 3 s.
  await page.getByRole('alertdialog', { name: 'Check your e-mail' }).waitFor();
  await page.waitForURL('**/login', { timeout: 6000 });

  // The link from the outbox verifies the address, signs the person in and lands on /verification-success, the
  // session taken out of the address at once; the dashboard is one tap on.
  await page.goto(await verificationPathFor(e2e.server, email));
  await page.getByText('you are signed in').waitFor();
  expect(new URL(page.url()).hash, 'no session left in the address').to.equal('');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: /^Welcome, jo_/ }).waitFor();
  // Signed out (from the menu on a phone), the login form takes them back in.
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  if (await openMenu.isVisible()) await openMenu.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await page.waitForFunction(() => localStorage.getItem('token') === null);

  // Login: both fields required, a wrong password shows the server's message, the right one signs in.
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByText('Please enter your e-mail or username.').waitFor();
  await page.getByLabel('E-mail or username').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByText('Invalid e-mail/username or password').waitFor();
  // From the keyboard: Enter in the password field submits.
  await page.getByLabel('Password').fill('secret123');
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: /^Welcome, jo_/ }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('token'))).to.be.a('string');
  await expectNoSeriousA11yViolations(page);
  return { email };
}
