import { expect } from 'chai';
import { signUpStaff } from '../support/accounts.js';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot, signInPage } from '../support/browser.js';
import { subscriberFor } from './dataScreens.js';

const DAY = 24 * 3600_000;
/** Today as 'YYYY-MM-DD' in `timeZone` (the device's when undefined). */
const todayDate = (timeZone?: string) => new Date().toLocaleDateString('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });

describe('/analytics for staff and the "as of" date on /prog (e2e)', function () {
  this.timeout(120_000);
  const e2e = e2eSuite();

  it('draws every series for staff with the chart components of /prog, and refuses anyone else', async () => {
    const { server } = e2e;
    server.clock.set(new Date().toISOString());
    const staff = await signUpStaff(server);
    const subscriber = await subscriberFor(server);
    await subscriber.read('/api/dashboard/summary');
    // A visitor on the waitlist, so the funnel has something to draw
    expect((await server.call('POST', '/api/waitlist', { json: { email: 'visitor@example.com' } })).status).to.equal(201);

    const page = await e2e.newPage();
    await signInPage(page, staff.token, '/analytics');
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    // Staff find the page in the nav; subscribers do not (below).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).waitFor({ state: 'attached' });
    const signups = page.getByRole('region', { name: 'Sign-ups per day' });
    await signups.locator('svg').first().waitFor();
    expect(await page.locator('section.card').count()).to.equal(10);
    // A chart is drawn as it comes near the screen: each card, scrolled to, draws its chart (or says it has none).
    const cards = page.locator('section.card');
    for (let i = 0; i < 10; i++) {
      await cards.nth(i).scrollIntoViewIfNeeded();
      await cards.nth(i).locator('svg, .chart__empty').first().waitFor();
    }
    expect(await page.locator('section.card svg').count()).to.be.at.least(8);
    // Nobody cancelled or wrote a ticket: those categories say so rather than draw bars of length zero.
    for (const name of [/^Cancellation reasons/, /^Tickets/]) {
      const card = page.getByRole('region', { name });
      await card.getByText('Nothing in this range.').first().waitFor();
      expect(await card.locator('rect.chart__bar').count()).to.equal(0);
    }
    await signups.getByText(/^Table/).click();
    const today = new Date().toISOString().slice(0, 10);
    expect(await signups.locator('tr', { hasText: today }).locator('td').nth(1).innerText()).to.equal('2');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'analytics-staff');

    // Ninety days are too many for a marker each: the plot takes the arrow keys and reads every series out.
    const from = new Date(Date.now() - 89 * DAY).toISOString().slice(0, 10);
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).to.equal(from);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).to.equal(today);
    expect(await page.getByRole('button', { name: 'Last 90 days' }).getAttribute('aria-pressed')).to.equal('true');
    const plot = signups.getByRole('img', { name: /^Sign-ups per day: 90 dates\./ });
    await plot.waitFor();
    expect(await signups.locator('circle').count()).to.equal(0);
    await plot.focus();
    await page.keyboard.press('End');
    const spoken = signups.locator('[aria-live="polite"]');
    // Readings name the year when the range runs across two (from January to March).
    const year = from.slice(0, 4) === today.slice(0, 4) ? undefined : 'numeric';
    const dateText = (iso: string) => new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year });
    // Today is not over: its figure is read as so far, and the line runs on dashed from yesterday
    await spoken.getByText(`${dateText(today)} (so far): signups: 2`).waitFor();
    expect(await signups.locator('path.chart__line--so-far').count()).to.equal(1);
    await page.keyboard.press('ArrowLeft');
    await spoken.getByText(`${dateText(new Date(Date.now() - DAY).toISOString().slice(0, 10))}: signups: 0`).waitFor();
    expect(await signups.locator('circle').count()).to.equal(1);
    // Categories are bars running across, each named in full.
    const funnel = page.getByRole('region', { name: /^Funnel/ });
    await funnel.locator('text', { hasText: 'early-access clicks' }).waitFor();
    expect(await funnel.locator('rect.chart__bar').count()).to.equal(5);
    await expectNoSeriousA11yViolations(page);

    const other = await e2e.newPage();
    await signInPage(other, subscriber.token, '/analytics');
    await other.getByRole('alert').waitFor();
    expect(await other.getByRole('alert').innerText()).to.equal('403: analytics are for staff only.');
    expect(await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).count()).to.equal(0);
  });

  it('redraws /prog as of an earlier date', async () => {
    const { server } = e2e;
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    server.clock.set(at(10));
    const user = await subscriberFor(server, { keepClock: true, weight: 200, targetWeight: 180, timeZone: 'UTC' });
    const weigh = async (daysAgo: number, weight: number) => {
      server.clock.set(at(daysAgo));
      await user.send('PUT', '/api/profile', { name: 'Pat', age: 40, gender: 'Female', height: 64, weight, targetWeight: 180, timeZone: 'UTC' });
    };
    await weigh(8, 195);
    await weigh(3, 190);
    server.clock.set(new Date(now).toISOString());
    const page = await e2e.newPage();
    await user.open(page, '/prog');
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('190 lb').waitFor();
    await page.getByLabel('As of').fill(at(5).slice(0, 10));
    // As of five days ago the weigh-in of three days ago had not happened yet.
    await summary.getByText('195 lb').waitFor();
    expect(await summary.getByText('190 lb').count()).to.equal(0);
    await page.getByRole('button', { name: 'Back to today' }).click();
    await summary.getByText('190 lb').waitFor();
  });

  it("offers days up to today in the profile's time zone, where the server ends an asOf day, not the device's", async () => {
    const { server } = e2e;
    server.clock.set(new Date().toISOString());
    // UTC+14 and UTC-11 are 25 hours apart: at any moment one of them has another date than the device.
    const timeZone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => todayDate(zone) !== todayDate(undefined))!;
    const user = await subscriberFor(server, { timeZone });
    const page = await e2e.newPage();
    await user.open(page, '/prog');
    const asOf = page.getByLabel('As of');
    await page.getByRole('heading', { name: 'Progress' }).waitFor();
    const today = todayDate(timeZone);
    await page.waitForFunction((date) => document.querySelector<HTMLInputElement>('input[type=date]')?.max === date, today);
    expect(await asOf.inputValue()).to.equal(today);
    expect(await page.evaluate(() => new Date().toLocaleDateString('en-CA')), "the device's date").not.to.equal(today);
  });
});
