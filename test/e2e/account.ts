import type { Page } from 'playwright-core';

/** Logs in on the login page as a person does; resolves once the app is signed in. */
export async function logInOnPage(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForFunction((path) => location.pathname === path, '/');
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
