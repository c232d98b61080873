import { expect } from 'chai';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { subscriberFor } from './dataScreens.js';

/**
 * The "As of" day on /prog is written in the browser's language, not in the order the native date field draws (this
 * Chromium draws 11/29/2026 whatever the page's language): en-GB reads 29/11/2026, en-US 11/29/2026, at phone and
 * desktop width, and the field keeps its name, its calendar and its keyboard.
 */
describe('a date field writes its day in the browser\'s language (e2e)', function () {
  const e2e = e2eSuite();

  const cases = [
    { locale: 'en-GB', width: 390, written: (y: string, m: string, d: string) => `${d}/${m}/${y}` },
    { locale: 'en-US', width: 390, written: (y: string, m: string, d: string) => `${m}/${d}/${y}` },
    { locale: 'en-GB', width: 1280, written: (y: string, m: string, d: string) => `${d}/${m}/${y}` },
  ];
  for (const { locale, width, written } of cases) {
    it(`${locale} at ${width} px: "As of" shows today and a chosen day as ${locale} writes them; the native text is hidden; axe finds nothing serious`, async () => {
      // An account a few days old, so a past day can be chosen.
      const started = new Date(Date.now() - 3 * 86_400_000);
      e2e.server.clock.set(started.toISOString());
      const user = await subscriberFor(e2e.server, { keepClock: true });
      e2e.server.clock.set(new Date().toISOString());
      const page = await e2e.newPage({ width, height: 900, locale });
      await user.open(page, '/prog');
      const asOf = page.getByLabel('As of');
      await asOf.waitFor();
      const shown = page.locator('.progress__as-of .date-input__shown');
      const today = await asOf.inputValue();
      const [y, m, d] = today.split('-') as [string, string, string];
      expect(await shown.innerText()).to.equal(written(y, m, d));
      expect(await asOf.evaluate((el) => getComputedStyle(el).color), 'the field\'s own text, in the browser\'s interface order, is not shown').to.equal('rgba(0, 0, 0, 0)');

      // A day chosen with the field (as the keyboard or the calendar sets it) is written the same way.
      const since = (await asOf.getAttribute('min'))!;
      await asOf.fill(since);
      const [sy, sm, sd] = since.split('-') as [string, string, string];
      await shown.filter({ hasText: written(sy, sm, sd) }).waitFor();
      await page.getByRole('button', { name: 'Back to today' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `dates-as-of-${locale}-${width}`, { fullPage: false });
    });
  }
});
