import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { gramsStylePlan } from '../meals/http.js';
import { expectNoSeriousA11yViolations, screenshot, startE2E, type E2E } from '../support/browser.js';
import { subscriberFor } from './dataScreens.js';

/**
 * Journey 5 (and 11b, the same at 375 px): a meal plan on /plan, Proceed to next day, then the dashboard's Log meal
 * and Undo Meal.
 */
for (const { journey, width, height } of [
  { journey: '5', width: 1280, height: 800 },
  { journey: '11b', width: 375, height: 740 },
]) {
  describe(`journey ${journey}: a meal plan, the next day, and logging a meal on the dashboard at ${width} px (e2e)`, function () {
    let e2e: E2E;
    let page: Page;
    before(async function () {
      e2e = await startE2E(this);
    });
    after(async () => e2e?.stop());

    it('moves the plan to day 2 on /plan, then logs and undoes its meal on the dashboard', async () => {
      const user = await subscriberFor(e2e.server);
      await user.send('POST', '/api/savePlan', gramsStylePlan());
      page = await e2e.newPage({ width, height });
      await user.open(page, '/plan');

      // The plan's info, and day 1 (current) open with its meals in meal order.
      await page.getByRole('heading', { name: 'Balanced week Primary' }).waitFor();
      expect(await page.getByText('2100 kcal').count()).to.equal(1);
      expect(await page.getByText('Balanced', { exact: true }).count()).to.equal(1);
      const day1 = page.getByRole('button', { name: 'Day 1 (Current Day)' });
      expect(await day1.getAttribute('aria-expanded')).to.equal('true');
      const times = await page.locator('.day-card--current .meal__time').allInnerTexts();
      expect(times.map((t) => t.toLowerCase())).to.deep.equal(['breakfast', 'lunch', 'dinner', 'snack']);
      expect(await page.getByText('Allergens: gluten, dairy').count()).to.equal(1);
      expect(await page.getByText('Protein 12 g · Carbs 60 g · Fats 6 g').count()).to.equal(1);

      // Proceed to next day: the list is reloaded with day 2 marked and open.
      await page.getByRole('button', { name: 'Proceed to next day' }).click();
      await page.getByRole('button', { name: 'Day 2 (Current Day)' }).waitFor();
      expect(await page.getByRole('button', { name: 'Day 2 (Current Day)' }).getAttribute('aria-expanded')).to.equal('true');
      expect(await page.getByRole('button', { name: 'Day 1', exact: true }).getAttribute('aria-expanded')).to.equal('false');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `journey-${journey}-meal-plan-day-2`);

      // The dashboard's Meals card: day 2's only meal is next; no Undo before a meal is eaten.
      await page.goto('/');
      const meals = page.getByRole('region', { name: 'Meals' });
      await meals.getByText('Salmon and rice').waitFor();
      expect(await meals.getByText('0 of 1 meals eaten today').count()).to.equal(1);
      expect(await meals.getByRole('button', { name: 'Undo Meal' }).count()).to.equal(0);

      await meals.getByRole('button', { name: 'Log meal' }).click();
      await meals.getByText('All meals complete for today').waitFor();
      expect(await meals.getByRole('button', { name: 'Proceed to next day' }).count()).to.equal(1);
      const schedule = page.getByRole('region', { name: "Today's Schedule" });
      expect(await schedule.getByText('650 / 2100 kcal').count(), 'the macro bars count the logged meal').to.equal(1);

      await meals.getByRole('button', { name: 'Undo Meal' }).click();
      await meals.getByRole('button', { name: 'Log meal' }).waitFor();
      expect(await meals.getByText('Salmon and rice').count()).to.equal(1);
      expect(await meals.getByRole('button', { name: 'Undo Meal' }).count()).to.equal(0);
      expect(await schedule.getByText('0 / 2100 kcal').count()).to.equal(1);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `journey-${journey}-dashboard`);
    });
  });
}
