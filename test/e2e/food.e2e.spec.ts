import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { gramsStylePlan } from '../meals/http.js';
import { subscriberFor } from './dataScreens.js';

type Subscriber = Awaited<ReturnType<typeof subscriberFor>>;

const PIZZA = 'Vegetable pizza, thin crust (frozen, baked)';
const SHAKE = 'Mum’s banana shake';
/** 2 × 1/3 pizza (116 g) at 224 kcal per 100 g. */
const TWO_SLICES = 520;
const banner = (page: Page) => page.locator('.sync > [role=status]');
const today = (page: Page) => page.getByRole('region', { name: 'Today' });
const figure = (page: Page, label: string) => today(page).locator('.macro-bar', { hasText: label }).locator('.macro-bar__figure');
/** A picture once the toasts are gone, so that none covers what it is taken for. */
async function settledShot(page: Page, name: string) {
  await page.locator('.toast').first().waitFor({ state: 'detached' });
  // From the top, so the phone's fixed header stands above the page rather than across the middle of the picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}
const cardFigure = (page: Page, label: string) => page.getByRole('region', { name: 'Meals' }).locator('.macro-bar', { hasText: label }).locator('.macro-bar__figure');
const MACRO_KEYS = ['calories', 'protein', 'carbs', 'fats'] as const;

/** A macro past its target says by how much beside its name and its bar takes the warning colour; one within says nothing more. */
async function expectPastTargetsMarked(card: Locator, day: { totals: Record<string, number>; targets: Record<string, number> }): Promise<void> {
  for (const [i, key] of MACRO_KEYS.entries()) {
    const [eaten, target] = [Math.round(day.totals[key]!), Math.round(day.targets[key]!)];
    const bar = card.locator('.macro-bar').nth(i);
    const past = eaten > target;
    expect((await bar.locator('.macro-bar__over').allInnerTexts()).map((text) => text.trim()), key).to.deep.equal(past ? [`· ${eaten - target} ${key === 'calories' ? 'kcal' : 'g'} over`] : []);
    expect(await bar.locator('.meter__fill--over').count(), key).to.equal(past ? 1 : 0);
  }
}

/** Opens the phone's menu and follows one of its links (a screenshot of the open menu when named). */
async function goByMenu(page: Page, link: string, shot?: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: link, exact: true }).waitFor();
  if (shot) await screenshot(page, shot);
  await nav.getByRole('link', { name: link, exact: true }).click();
}

/** The server's total for today, once the read models hold every write this user made. */
const calories = async (user: Subscriber) => ((await user.read('/api/food-log')) as { totals: { calories: number } }).totals.calories;

/**
 * The food log on a phone (390 px): the plan's lunch swapped for 2 slices of veggie pizza found by search, a coffee
 * quick-added, a food of one's own logged and logged again from the remembered ones, the day's macros against the
 * targets on /food and on the dashboard's meals card; the same pizza through the chat's "Log it"; an apple logged
 * offline that shows at once and reaches the server when the network is back.
 */
describe('the food log at 390 px: search, quick add, the plan swapped, the chat, offline (e2e)', function () {
  this.timeout(180_000);
  const e2e = e2eSuite();

  it('logs what was eaten and shows the day against the targets, through the page, the chat and offline', async () => {
    const user = await subscriberFor(e2e.server);
    await user.send('POST', '/api/savePlan', gramsStylePlan());
    const page = await e2e.newPage({ width: 390, height: 844 });
    await user.open(page, '/');

    // The dashboard: nothing logged yet is said so (not 0 kcal); breakfast from the plan, then "Ate something else"
    // for the planned lunch.
    const meals = page.getByRole('region', { name: 'Meals' });
    await meals.getByText('Oatmeal with berries').waitFor();
    await meals.getByText(/^Nothing logged yet\. Targets: calories \d+ kcal/).waitFor();
    await meals.getByRole('button', { name: 'Log meal' }).click();
    await meals.getByText('Turkey wrap').waitFor();
    await meals.getByRole('link', { name: 'Ate something else' }).click();
    await page.waitForURL('**/food?instead=*');
    await page.getByText('Logging what you ate instead of the planned lunch.').waitFor();

    // Search "veggie pizza" and log 2 slices (1/3 pizza each) in the lunch's place.
    await page.getByLabel('Search foods').fill('veggie pizza');
    const pizza = page.getByRole('list', { name: 'Foods found' }).getByRole('listitem').filter({ hasText: PIZZA });
    await pizza.getByLabel('How many').fill('2');
    await pizza.getByRole('button', { name: `Log ${TWO_SLICES} kcal` }).click();
    await today(page).getByText(PIZZA).waitFor();
    // The lunch is replaced once: the notice goes, and what comes next is eaten besides it.
    await page.getByText('Logging what you ate instead of the planned lunch.').waitFor({ state: 'detached' });

    // Quick add a coffee at breakfast.
    await page.getByLabel('Meal').selectOption('Breakfast');
    const quick = page.getByRole('region', { name: 'Quick add' });
    await quick.getByLabel('Calories').fill('5');
    await quick.getByLabel('Name').fill('Coffee');
    await quick.getByRole('button', { name: 'Add' }).click();
    await today(page).getByText('Coffee').waitFor();

    // A food of one's own with its macros: logged, remembered, logged again from the recent ones, then frequent.
    const own = page.getByRole('region', { name: 'Your foods' });
    await own.getByLabel('Name').fill(SHAKE);
    await own.getByLabel('Calories').fill('310');
    await own.getByLabel('Protein (g)').fill('12');
    await own.getByLabel('Carbs (g)').fill('50');
    await own.getByLabel('Fats (g)').fill('7');
    await own.getByRole('button', { name: 'Log and remember' }).click();
    await today(page).getByText(SHAKE).waitFor();
    await own.getByRole('list', { name: 'Recent foods' }).getByRole('button', { name: `Log ${SHAKE}` }).click();
    await own.getByRole('button', { name: 'Frequent' }).click();
    await own.getByRole('list', { name: 'Frequent foods' }).getByText('310 kcal · P 12 g · C 50 g · F 7 g · 2×').waitFor();
    // The day's list and the frequent foods are two answers, refetched each on its own.
    await today(page).getByText(SHAKE).nth(1).waitFor();
    expect(await today(page).getByText(SHAKE).count()).to.equal(2);
    const eaten = 350 + TWO_SLICES + 5 + 2 * 310;
    expect(await calories(user)).to.equal(eaten);
    const { targets, meals: byMeal } = await user.read('/api/food-log');
    const coffee = byMeal.flatMap((m: { entries: Array<{ name: string; insteadOf: string | null }> }) => m.entries).find((e: { name: string }) => e.name === 'Coffee');
    expect(coffee.insteadOf, 'only the first entry replaces the planned lunch').to.equal(null);
    await figure(page, 'Calories').getByText(`${eaten} / ${targets.calories} kcal`).waitFor();
    expect(await figure(page, 'Protein').innerText()).to.match(new RegExp(`^\\d+ / ${targets.protein} g$`));
    await expectNoSeriousA11yViolations(page);
    await settledShot(page, 'food-log-390');

    // The dashboard counts the lunch as eaten (dinner is next), and its meals card reads the food log's day: the
    // planned breakfast, the pizza and the coffee, each macro against its target.
    await goByMenu(page, 'Dashboard');
    await meals.getByText('Chicken stir fry').waitFor();
    const day = await user.read('/api/food-log');
    const shown = (key: 'calories' | 'protein' | 'carbs' | 'fats') => `${Math.round(day.totals[key])} / ${Math.round(day.targets[key])} ${key === 'calories' ? 'kcal' : 'g'}`;
    await cardFigure(page, 'Calories').getByText(shown('calories')).waitFor();
    expect(await meals.locator('.macro-bar__figure').allInnerTexts()).to.deep.equal([shown('calories'), shown('protein'), shown('carbs'), shown('fats')]);
    await expectPastTargetsMarked(meals, day);
    await meals.getByText('2 of 4 planned meals eaten today').waitFor();
    await settledShot(page, 'food-dashboard-390');

    // The chat: said in words, offered as an entry with its numbers, logged on one tap, never a plan.
    await page.goto('/chat');
    await page.getByRole('textbox', { name: 'Message' }).fill('I had two slices of veggie pizza for dinner');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('button', { name: `Log it (${TWO_SLICES} kcal)` }).click();
    await page.getByRole('button', { name: 'Logged' }).waitFor();
    expect(await page.getByRole('article', { name: /^Meal plan: / }).count()).to.equal(0);
    expect(await calories(user)).to.equal(eaten + TWO_SLICES);

    // Offline: an apple quick-added shows at once with its calories, and reaches the server once back online.
    await goByMenu(page, 'Food', 'food-nav-390');
    await today(page).getByRole('heading', { name: /^Dinner/ }).waitFor();
    await page.context().setOffline(true);
    await quick.getByLabel('Calories').fill('95');
    await quick.getByLabel('Name').fill('Apple');
    await quick.getByRole('button', { name: 'Add' }).click();
    await today(page).getByRole('listitem').filter({ hasText: 'Apple' }).getByText('Not yet synced').waitFor();
    await banner(page).getByText('Offline: 1 change waiting').waitFor();
    await figure(page, 'Calories').getByText(`${eaten + TWO_SLICES + 95} / ${targets.calories} kcal`).waitFor();
    await settledShot(page, 'food-log-offline-390');
    await page.context().setOffline(false);
    await banner(page).getByText('All changes saved').waitFor({ timeout: 30_000 });
    await today(page).getByRole('listitem').filter({ hasText: 'Apple' }).getByText('Not yet synced').waitFor({ state: 'detached' });
    expect(await calories(user)).to.equal(eaten + TWO_SLICES + 95);

    // The nutrition tab: the day's calories against the goal and an average day's macros against the targets.
    await goByMenu(page, 'Progress');
    await page.getByRole('tab', { name: 'Nutrition' }).click();
    await page.getByRole('region', { name: /^An average day logged/ }).waitFor();
    await settledShot(page, 'prog-nutrition-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/food');
    await today(page).getByText('Apple').waitFor();
    await settledShot(page, 'food-log-1280');
    // The desktop dashboard holds the apple logged offline too.
    await page.goto('/');
    await cardFigure(page, 'Calories').getByText(`${eaten + TWO_SLICES + 95} / ${targets.calories} kcal`).waitFor();
    const lateDay = await user.read('/api/food-log');
    expect(MACRO_KEYS.some((key) => Math.round(lateDay.totals[key]) > Math.round(lateDay.targets[key])), 'the day is past a target by now').to.equal(true);
    await expectPastTargetsMarked(meals, lateDay);
    await settledShot(page, 'food-dashboard-1280');
  });
});
