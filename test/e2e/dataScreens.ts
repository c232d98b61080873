import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { signUpSubscriber } from '../support/accounts.js';
import { signInPage } from '../support/browser.js';
import { userClient } from '../support/client.js';
import type { TestServer } from '../support/server.js';

/**
 * A subscriber for the data-screen journeys: signed up through the API (role 3 the way `npm run admin` grants a
 * role), with a client that passes each command's position on, so the browser's first read sees the seeded data.
 */
export async function subscriberFor(server: TestServer, overrides: Record<string, unknown> = {}) {
  // The browser judges the token's expiry by its own clock, so the server's starts at the real now.
  if (!overrides.keepClock) server.clock.set(new Date().toISOString());
  delete overrides.keepClock;
  const user = await signUpSubscriber(server, overrides);
  const { send, read } = userClient(server, user.token, user.position);
  return {
    ...user,
    send,
    read,
    /** Opens `to` in the page signed in as this subscriber, once the read models have caught up. */
    async open(page: Page, to: string) {
      await read('/api/dashboard/summary');
      await signInPage(page, user.token, to);
    },
  };
}

/** Accepts the next browser confirmation, after checking its text (docs/product.md#what-input-is-accepted 'Delete "{name}"?'). */
export function acceptNextConfirm(page: Page, expected: string): Promise<void> {
  return new Promise((resolve, reject) => {
    page.once('dialog', async (dialog) => {
      try {
        expect(dialog.type()).to.equal('confirm');
        expect(dialog.message()).to.equal(expected);
        await dialog.accept();
        resolve();
      } catch (error) {
        reject(error instanceof Error ? error : new Error('the confirmation was not as expected'));
      }
    });
  });
}

/** The text a locator shows, whitespace collapsed. */
export const textOf = async (page: Page, selector: string) => ((await page.locator(selector).first().innerText()) ?? '').replace(/\s+/g, ' ').trim();

/**
 * Logs one set in the tracker's "Set by set" card, as a person does: the fields the exercise's kind asks for, then
 * Log set. The block is found by the exercise's name as the plan writes it; the weight's label names the unit.
 */
export async function logSetIn(page: Page, exercise: string, set: { weight?: string; reps?: string; seconds?: string; unit?: 'lb' | 'kg' }) {
  const block = page.getByRole('article', { name: exercise, exact: true });
  if (set.weight !== undefined) await block.getByLabel(new RegExp(`^(Weight|Added load), ${set.unit ?? 'lb'}`)).fill(set.weight);
  if (set.reps !== undefined) await block.getByLabel('Set reps').fill(set.reps);
  if (set.seconds !== undefined) await block.getByLabel('Seconds held').fill(set.seconds);
  await block.getByRole('button', { name: 'Log set' }).click();
}
