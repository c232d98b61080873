import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { exerciseNamed } from '../../services/domain/training/exerciseIdentity.js';
import { grantRole } from '../support/accounts.js';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot, signInPage, verificationPathFor } from '../support/browser.js';

/**
 * What plans need, asked at sign-up: a vegetarian who trains with body weight only signs up saying so, and the
 * first chat asks only what is still missing; the plans keep to it (no meat, no machine, barbell or dumbbell), and
 * after a reload the conversation is back with its plans still savable.
 */
describe('sign-up asks what plans need, and the chat keeps to it (e2e)', function () {
  this.timeout(240_000);
  const e2e = e2eSuite({ CHAT_BURST_LIMIT: '1000' });

  const sendMessage = async (page: Page, text: string) => {
    // Counted by the person's messages: the welcome (an AI message) goes once the first is sent.
    const before = await page.locator('.message--user').count();
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill(text);
    await input.press('Enter');
    const sent = page.locator('.message--user').nth(before);
    await sent.locator('xpath=following-sibling::div[contains(@class, "message--ai") and not(contains(@class, "message--waiting"))]').first().waitFor();
  };

  for (const width of [390, 1280]) {
    it(`at ${width} px: sign up vegetarian, body weight only, kg; the first chat asks only for allergies; plans fit; reload keeps them savable`, async () => {
      e2e.server.clock.set(new Date().toISOString());
      const page = await e2e.newPage({ width, height: width === 390 ? 844 : 900 });
      const email = `needs${Math.random().toString(36).slice(2, 10)}@example.com`;
      await page.goto('/signup');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Age').fill('52');
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByLabel('Confirm password').fill('secret123');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Your body and goal' }).waitFor();
      // Metric chosen first: the body is asked in cm and kg.
      await page.getByLabel('Units').selectOption('kg');
      await page.getByLabel('Height (cm)').fill('165');
      await page.getByLabel('Weight (kg)', { exact: true }).fill('82');
      await page.getByLabel('Target weight (kg)').fill('73');
      await screenshot(page, `signup-metric-${width}`);
      await page.getByLabel('Fitness goal').selectOption('Lose weight');
      await page.getByLabel('Weekly workouts').fill('3');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'How we can help' }).waitFor();
      await page.getByLabel('Activity level').selectOption('Not very active');
      await page.getByLabel('Diet').fill('Vegetarian');
      await page.getByLabel('Where you train').selectOption('bodyweight');
      await page.getByLabel(/Privacy Policy/).check();
      await page.getByLabel(/Terms of Service/).check();
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('Diet').scrollIntoViewIfNeeded();
      await screenshot(page, `signup-plan-needs-${width}`);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('alertdialog', { name: 'Check your e-mail' }).waitFor();

      // Verified by the mailed link, then made a subscriber the way an admin comp does.
      const verified = await e2e.server.call('GET', await verificationPathFor(e2e.server, email));
      expect(verified.status).to.equal(302);
      const login = async () => (await e2e.server.call('POST', '/api/login', { json: { identifier: email, password: 'secret123' } })).body.token as string;
      await grantRole(e2e.server, await login(), 3);
      const token = await login();
      const profile = (await e2e.server.call('GET', '/api/profile', { token })).body;
      expect(profile).to.include({ diet_type: 'Vegetarian', equipment: 'bodyweight', units: 'kg', diet_restrictions: null, height_in: 64.96, weight_lb: 180.78 });

      await signInPage(page, token, '/chat');
      await page.getByText('First, tell me any food allergies, and every plan I write will keep to it.').waitFor();
      expect(await page.getByText(/where you train|your diet/).count()).to.equal(0);
      await sendMessage(page, 'No food allergies. Make me a workout plan');
      await sendMessage(page, 'Make me a meal plan');
      await page.locator('.plan-card').nth(1).waitFor();

      await page.reload();
      const log = page.getByRole('log', { name: 'Conversation' });
      await log.getByText('Make me a meal plan', { exact: true }).waitFor();
      const cards = page.locator('.plan-card');
      expect(await cards.count()).to.equal(2);
      // Both plans from before the reload can still be saved.
      expect(await cards.nth(0).getByRole('button', { name: /Save/ }).isEnabled()).to.equal(true);
      expect(await cards.nth(1).getByRole('button', { name: /Save/ }).isEnabled()).to.equal(true);
      const history = (await e2e.server.call('GET', '/api/chat/history', { token })).body;
      const [workout, meal] = history.exchanges.flatMap((x: { planData: unknown[] }) => x.planData);
      const exercises: string[] = workout.workouts.flatMap((w: { exercises: Array<{ name: string }> }) => w.exercises.map((e) => e.name));
      for (const name of exercises) expect(exerciseNamed(name)?.equipment, name).to.equal('body weight');
      expect(meal.name).to.match(/^Vegetarian/);
      expect(await cards.nth(1).innerText()).not.to.match(/salmon|chicken|steak|tuna|pork|beef|lamb/i);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `chat-plan-needs-after-reload-${width}`);

      await cards.nth(0).getByRole('button', { name: /Save/ }).click();
      await page.getByText('Workout plan saved!').waitFor();
      const saved = await e2e.server.call('GET', '/api/workouts', { token });
      expect(saved.status).to.equal(200);
    });
  }
});
