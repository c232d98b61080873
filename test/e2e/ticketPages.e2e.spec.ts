import { expect } from 'chai';
import { signUpStaff, signUpSubscriber } from '../support/accounts.js';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot, signInPage } from '../support/browser.js';

/** Issue 18, item 6: the staff's ticket list comes a page at a time, Older and Newer between them. */
describe('/tickets a page at a time (e2e)', function () {
  this.timeout(120_000);
  const e2e = e2eSuite({ TICKET_MAX_PER_HOUR: '1000', TICKET_MAX_PER_DAY: '1000' });
  let staffToken: string;
  before(async () => {
    const { token } = await signUpSubscriber(e2e.server);
    for (let i = 1; i <= 60; i += 1) {
      e2e.server.clock.advance(60_000);
      // Long reports, as a flood would send them: the page must stay readable.
      const description = `Report ${i}: ${'the chart does not load after saving a plan. '.repeat(i % 7 === 0 ? 100 : 2)}`;
      const answer = await e2e.server.call('POST', '/api/ticket-report', { token, json: { component: 'Progress', description } });
      expect(answer.status).to.equal(201);
    }
    const staff = await signUpStaff(e2e.server);
    staffToken = staff.token;
  });

  for (const width of [1280, 375]) {
    it(`shows the newest 50, then the older ones, and back (${width} px)`, async () => {
      const page = await e2e.newPage({ width });
      await signInPage(page, staffToken, '/tickets');
      await page.getByRole('heading', { name: 'Tickets' }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      expect(await page.locator('tbody tr').count()).to.equal(50);
      expect(await page.locator('tbody tr').first().locator('td').nth(3).textContent()).to.match(/^Report 60:/);
      const pages = page.getByRole('navigation', { name: 'Ticket pages' });
      expect(await pages.getByText('Tickets 1–50').count()).to.equal(1);
      expect(await pages.getByRole('button', { name: 'Newer' }).isDisabled()).to.equal(true);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `tickets-page-1-${width}`);

      // A long report shows its first lines; the rest opens on demand.
      const long = page.locator('tbody tr', { hasText: 'Report 56:' });
      await long.getByRole('button', { name: /^Show all \d[\d,]* characters$/ }).click();
      await long.getByRole('button', { name: 'Show less' }).waitFor();

      await pages.getByRole('button', { name: 'Older' }).click();
      await pages.getByText('Tickets 51–60').waitFor();
      expect(await page.locator('tbody tr').count()).to.equal(10);
      expect(await page.locator('tbody tr').first().locator('td').nth(3).textContent()).to.match(/^Report 10:/);
      expect(await pages.getByRole('button', { name: 'Older' }).isDisabled()).to.equal(true);
      await pages.scrollIntoViewIfNeeded();
      await screenshot(page, `tickets-page-2-${width}`);

      await pages.getByRole('button', { name: 'Newer' }).click();
      await pages.getByText('Tickets 1–50').waitFor();
      expect(await page.locator('tbody tr').first().locator('td').nth(3).textContent()).to.match(/^Report 60:/);
    });
  }
});
