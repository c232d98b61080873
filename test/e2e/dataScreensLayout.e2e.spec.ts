import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { gramsStylePlan } from '../meals/http.js';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriberFor } from './dataScreens.js';

/**
 * Every data screen with data at a phone's 375 px and a desktop's 1280 px: nothing wider than the screen, no serious
 * or critical axe violation, and a screenshot of each to look at (test/artifacts/screen-<page>-<width>.png).
 */
describe('data screens at 375 px and 1280 px (e2e)', function () {
  this.timeout(120_000);
  const e2e = e2eSuite();
  let user: Awaited<ReturnType<typeof subscriberFor>>;
  before(async () => {
    user = await subscriberFor(e2e.server);
    await user.send('PUT', '/api/profile', { name: 'Pat', age: 34, gender: 'Female', height: 66, weight: 158, targetWeight: 145, bodyFatPercentage: 31, targetBodyFatPercentage: 25, primaryGoal: 'Lose weight' });
    await user.send('POST', '/api/savePlan', samplePlan());
    await user.send('POST', '/api/savePlan', samplePlan({ name: 'Push Pull v2', level: 'Intermediate' }));
    await user.send('POST', '/api/savePlan', gramsStylePlan());
    const next = (await user.read('/api/dashboard/summary')).nutrition.nextMeal;
    await user.send('POST', '/api/dashboard/log-meal', { mealPlanMealId: next.id });
  });

  const fitsTheScreen = async (page: Page, width: number) => {
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `the page is ${scrollWidth} px wide on a ${width} px screen`).to.be.at.most(width);
  };

  const screens: Array<{ name: string; path: string; ready: (page: Page) => Promise<unknown> }> = [
    { name: 'dashboard', path: '/', ready: (page) => page.getByRole('region', { name: 'Snapshot' }).waitFor() },
    { name: 'work', path: '/work', ready: (page) => page.getByRole('button', { name: 'Start Workout' }).waitFor() },
    { name: 'plan', path: '/plan', ready: (page) => page.getByRole('button', { name: 'Proceed to next day' }).waitFor() },
    {
      name: 'track',
      path: '/track',
      ready: async (page) => {
        await page.getByLabel('Workout plan', { exact: true }).selectOption({ index: 1 });
        await page.getByRole('button', { name: 'Begin Workout' }).click();
        await page.getByRole('button', { name: 'Log set' }).first().waitFor();
      },
    },
    { name: 'prog', path: '/prog', ready: (page) => page.getByRole('tab', { name: 'Overview' }).waitFor() },
    {
      name: 'chat',
      path: '/chat',
      ready: async (page) => {
        await page.getByText("Hi! I'm your AI personal trainer", { exact: false }).waitFor();
        await page.getByRole('textbox', { name: 'Message' }).fill('/');
        await page.getByRole('list', { name: 'Commands' }).waitFor();
      },
    },
  ];

  it('/ for a new subscriber: the no-plans card leads to the chat', async () => {
    const fresh = await subscriberFor(e2e.server);
    const page = await e2e.newPage({ width: 375, height: 740 });
    await fresh.open(page, '/');
    const card = page.getByRole('region', { name: 'No plans yet' });
    await card.waitFor();
    expect(await card.getByRole('link', { name: 'Open AI Chat' }).getAttribute('href')).to.equal('/chat');
    await fitsTheScreen(page, 375);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'screen-dashboard-new-375');
  });

  for (const width of [375, 1280]) {
    describe(`at ${width} px, one screen after another in one page`, () => {
      let page: Page;
      // One page per width goes from screen to screen inside the app, as a person does: each screen is drawn by the
      // same code as on a load of its address, without loading the app again for it (docs/adr/0147-one-browser-per-test-process.md).
      before(async () => {
        page = await e2e.newPage({ width, height: width < 600 ? 740 : 800 });
        await user.open(page, '/');
      });

      for (const screen of screens) {
        it(`${screen.path} at ${width} px`, async () => {
          await page.evaluate((to) => {
            history.pushState(null, '', to);
            dispatchEvent(new PopStateEvent('popstate'));
          }, screen.path);
          await page.waitForURL((url) => url.pathname === screen.path);
          await screen.ready(page);
          await fitsTheScreen(page, width);
          await expectNoSeriousA11yViolations(page);
          await screenshot(page, `screen-${screen.name}-${width}`);
          if (screen.name === 'track') {
            await page.getByRole('button', { name: 'End Session' }).click();
            await page.getByRole('button', { name: 'End workout' }).click();
            await page.getByRole('heading', { name: 'Choose a plan' }).waitFor();
          }
        });
      }
    });
  }
});
