import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { subscriberFor } from './dataScreens.js';

/**
 * Journey 5 (and 11b, the same at 375 px): a meal plan from the chat, /plan's Proceed to next day, then the
 * dashboard's Log meal and Undo Meal.
 */
for (const { journey, width, height } of [
  { journey: '5', width: 1280, height: 800 },
  { journey: '11b', width: 375, height: 740 },
]) {
  describe(`journey ${journey}: a meal plan, the next day, and logging a meal on the dashboard at ${width} px (e2e)`, function () {
  this.timeout(120_000);
    const e2e = e2eSuite();
    let page: Page;

    it('saves a meal plan from the chat, moves it to day 2 on /plan, then logs and undoes a meal on the dashboard', async () => {
      const user = await subscriberFor(e2e.server);
      page = await e2e.newPage({ width, height });
      await user.open(page, '/chat');

      // The chat: ask for a meal plan and save it from its card.
      const input = page.getByRole('textbox', { name: 'Message' });
      await input.fill('Can you make me a meal plan?');
      await page.getByRole('button', { name: 'Send' }).click();
      const card = page.getByRole('article', { name: /^Meal plan: / });
      await card.waitFor({ timeout: 20_000 });
      const planName = (await card.getAttribute('aria-label'))!.replace('Meal plan: ', '');
      await card.getByRole('button', { name: 'Save meal plan' }).click();
      await page.getByRole('status').getByText('Meal plan saved!').waitFor();

      // /plan: the saved plan (primary, as the first one) with day 1 current and open, meals in meal order.
      await page.goto('/plan');
      await page.getByRole('heading', { name: `${planName} Primary` }).waitFor();
      const [plan] = await user.read('/api/meal-plans');
      expect(await page.getByText(`${Math.round(plan.calorie_goal)} kcal`, { exact: true }).count()).to.equal(1);
      const day1 = page.getByRole('button', { name: 'Day 1 (Current Day)' });
      expect(await day1.getAttribute('aria-expanded')).to.equal('true');
      const times = await page.locator('.day-card--current .meal__time').allInnerTexts();
      const order = ['breakfast', 'lunch', 'dinner', 'snack'];
      const ranks = times.map((t) => order.indexOf(t.toLowerCase()));
      expect(ranks, `meal order of ${times.join(', ')}`).to.deep.equal([...ranks].sort((x, y) => x - y));
      expect(ranks[0]).to.equal(0);

      // Proceed to next day: the list is reloaded with day 2 marked and open.
      await page.getByRole('button', { name: 'Proceed to next day' }).click();
      await page.getByRole('button', { name: 'Day 2 (Current Day)' }).waitFor();
      expect(await page.getByRole('button', { name: 'Day 2 (Current Day)' }).getAttribute('aria-expanded')).to.equal('true');
      expect(await page.getByRole('button', { name: 'Day 1', exact: true }).getAttribute('aria-expanded')).to.equal('false');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `journey-${journey}-meal-plan-day-2`);

      // The dashboard's Meals card: day 2's first meal is next; no Undo before a meal is eaten.
      const day2 = plan.meals.filter((m: { day_number: number }) => m.day_number === 2);
      const [first, second] = day2;
      await page.goto('/');
      const meals = page.getByRole('region', { name: 'Meals' });
      await meals.getByText(first.meal.name).waitFor();
      expect(await meals.getByText(`0 of ${day2.length} planned meals eaten today`).count()).to.equal(1);
      expect(await meals.getByRole('button', { name: 'Undo Meal' }).count()).to.equal(0);

      // Log meal: the next one comes up, Undo Meal appears, the card's macro bars count it.
      await meals.getByRole('button', { name: 'Log meal' }).click();
      await meals.getByText(second.meal.name).waitFor();
      expect(await meals.getByText(`1 of ${day2.length} planned meals eaten today`).count()).to.equal(1);
      const calories = meals.locator('.macro-bar', { hasText: 'Calories' }).locator('.macro-bar__figure');
      expect(await calories.innerText()).to.equal(`${Math.round(first.meal.calories)} / ${Math.round(plan.calorie_goal)} kcal`);

      // Undo Meal: back to the first meal, no Undo.
      await meals.getByRole('button', { name: 'Undo Meal' }).click();
      await meals.getByText(`0 of ${day2.length} planned meals eaten today`).waitFor();
      expect(await meals.getByText(first.meal.name).count()).to.equal(1);
      expect(await meals.getByRole('button', { name: 'Undo Meal' }).count()).to.equal(0);
      // Nothing logged today again: the targets alone, no bars at 0.
      expect(await meals.getByText(/^Nothing logged yet\. Targets: calories \d+ kcal/).count()).to.equal(1);
      expect(await calories.count()).to.equal(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `journey-${journey}-dashboard`);
    });
  });
}
