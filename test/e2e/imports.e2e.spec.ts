import { expect } from 'chai';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { artifactsDir, expectNoSeriousA11yViolations, screenshot, startE2E, type E2E } from '../support/browser.js';
import { strongOld } from '../imports/files.js';
import { subscriberFor } from './dataScreens.js';

describe('importing a Strong export on /prof, seeing it in the Exercise Log and on /prog, and undoing it (e2e)', function () {
  this.timeout(180_000);
  let e2e: E2E;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  const exerciseLog = async (page: Page) => {
    await page.goto('/track');
    await page.getByRole('button', { name: 'Exercise Log' }).click();
    return page.getByRole('dialog', { name: 'Exercise Log' });
  };

  for (const width of [375, 1280]) {
    it(`imports, shows and undoes at ${width} px`, async () => {
      const user = await subscriberFor(e2e.server, { timeZone: 'Europe/Berlin', units: 'kg' });
      const page = await e2e.newPage({ width, height: 900 });
      await user.open(page, '/prof');
      const section = page.getByRole('region', { name: 'Import workouts' });
      await section.getByTestId('import-file').setInputFiles({ name: 'strong.csv', mimeType: 'text/csv', buffer: Buffer.from(strongOld) });

      const preview = page.getByRole('region', { name: 'Import preview' });
      await preview.getByText('From Strong').waitFor();
      expect(await preview.getByTestId('preview-workouts').innerText()).to.equal('2');
      await preview.getByText('2 exercises will be kept as your own.', { exact: false }).waitFor();
      await preview.scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `imports-${width}-preview`);
      // The section alone, at full size, to look at.
      await section.screenshot({ path: path.join(artifactsDir, `imports-${width}-preview-section.png`) });

      // Re-mapping a name asks for the preview again: one fewer kept as custom.
      await preview.getByLabel('Zercher Carry').fill('Farmer Carry');
      await preview.getByRole('button', { name: 'Update preview' }).click();
      await preview.getByText('1 exercise will be kept as your own.', { exact: false }).waitFor();

      await preview.getByRole('button', { name: 'Import 2 workouts' }).click();
      await section.getByText('Imported 2 workouts and 6 sets.').waitFor();
      const past = section.getByTestId('past-import');
      await past.getByText('Imported').waitFor();
      await screenshot(page, `imports-${width}-imported`);
      await section.screenshot({ path: path.join(artifactsDir, `imports-${width}-imported-section.png`) });

      const log = await exerciseLog(page);
      await log.getByText('Push A · imported from Strong').waitFor();
      await log.getByText('Legs · imported from Strong').waitFor();
      // Weights as the file had them; a run as its distance and time.
      await log.getByText('Barbell Bench Press: 2 x 5, 100 kg').waitFor();
      await log.getByText('Running: 3.2 km, 20m').waitFor();
      await log.getByText('Farmer Carry: 40 kg, 45 s').waitFor();
      await screenshot(page, `imports-${width}-exercise-log`);
      await log.screenshot({ path: path.join(artifactsDir, `imports-${width}-exercise-log-dialog.png`) });

      await page.goto('/prog');
      await page.getByRole('tab', { name: 'Strength' }).click();
      const records = page.getByRole('region', { name: 'Personal records table' });
      await records.getByText('Barbell Bench Press').waitFor();
      expect(await records.getByText('(Strong)').count()).to.be.at.least(1);
      await screenshot(page, `imports-${width}-prog`);

      await page.goto('/prof');
      await section.getByRole('button', { name: 'Undo' }).click();
      await past.getByText('Undone').waitFor();
      await screenshot(page, `imports-${width}-undone`);

      const after = await exerciseLog(page);
      await after.getByText('No finished sessions yet.').waitFor();
      // With no records left, /prog has no Strength tab at all.
      await page.goto('/prog');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('tab', { name: 'Strength' }).count()).to.equal(0);
      expect(await page.getByText('Barbell Bench Press').count()).to.equal(0);
      await screenshot(page, `imports-${width}-prog-after-undo`);
    });
  }
});
