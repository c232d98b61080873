import type { Page } from 'playwright-core';
import { e2eSuite, expectNoSeriousA11yViolations } from '../support/browser.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriberFor } from './dataScreens.js';

/**
 * docs/product.md#what-the-user-is-told-when-something-fails's load failures. The real server does not fail on demand, so the browser answers the one read with a 503
 * (as a gateway would while the query service restarts); Retry then reads from the real server.
 */
describe('data screens when a read fails (e2e)', function () {
  this.timeout(120_000);
  const e2e = e2eSuite();
  let user: Awaited<ReturnType<typeof subscriberFor>>;
  before(async () => {
    user = await subscriberFor(e2e.server);
    await user.send('POST', '/api/savePlan', samplePlan());
  });

  const failOnce = async (page: Page, path: string) => {
    let failed = false;
    // By path alone: a list is asked for with its page in the query string.
    await page.route((url) => url.pathname === path, async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) });
    });
  };

  it("/work says 'Failed to load workout regimens' and Retry loads them", async () => {
    const page = await e2e.newPage();
    await failOnce(page, '/api/workouts');
    await user.open(page, '/work');
    await page.getByText('Failed to load workout regimens').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Strength Starter Primary' }).waitFor();
  });

  it("the Exercise Log says 'Failed to load exercise logs' and Retry loads them", async () => {
    const page = await e2e.newPage();
    await failOnce(page, '/api/exercise-logs');
    await user.open(page, '/track');
    await page.getByRole('button', { name: 'Exercise Log' }).click();
    const log = page.getByRole('dialog', { name: 'Exercise Log' });
    await log.getByText('Failed to load exercise logs').waitFor();
    await log.getByRole('button', { name: 'Retry' }).click();
    await log.getByText('No finished sessions yet.').waitFor();
  });

  it("/prog says 'Failed to load progress' with the server's reason, and Retry loads it", async () => {
    const page = await e2e.newPage();
    await failOnce(page, '/api/progress/overview');
    await user.open(page, '/prog');
    const problem = page.getByRole('alert');
    await problem.getByText('Failed to load progress.').waitFor();
    await problem.getByText('Service unavailable').waitFor();
    await expectNoSeriousA11yViolations(page);
    await problem.getByRole('button', { name: 'Retry' }).click();
    await page.getByLabel('As of').waitFor();
  });

  it("the dashboard shows 'Error loading dashboard.' when the summary cannot be read", async () => {
    const page = await e2e.newPage();
    await page.route('**/api/dashboard/summary', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' }));
    await user.open(page, '/');
    await page.getByText('Error loading dashboard.').waitFor();
    await page.unroute('**/api/dashboard/summary');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('region', { name: 'This Week' }).waitFor();
  });
});
