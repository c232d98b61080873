import { expect } from 'chai';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { artifactsDir, e2eSuite, expectNoSeriousA11yViolations, screenshot, signInPage } from '../support/browser.js';
import { strongFrench, strongOld, strongSlashedEither, strongUnknownCyrillic } from '../imports/files.js';
import { subscriberFor } from './dataScreens.js';
import { signUpVerifiedUser } from '../support/accounts.js';

describe('importing a Strong export on /prof, seeing it in the Exercise Log and on /prog, and undoing it (e2e)', function () {
  this.timeout(180_000);
  const e2e = e2eSuite();

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
      await preview.getByText('2 exercises will be kept as your own', { exact: false }).waitFor();
      expect(await preview.getByTestId('preview-unit').innerText()).to.equal('kg');
      await preview.scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `imports-${width}-preview`);
      // The section alone, at full size, to look at.
      await section.screenshot({ path: path.join(artifactsDir, `imports-${width}-preview-section.png`) });

      // Matching a name to another of ours asks for the preview again: one fewer kept as custom.
      await preview.getByLabel('What Zercher Carry counts as').selectOption('other');
      await preview.getByLabel('Match Zercher Carry to').fill('Farmer Carry');
      await preview.getByRole('button', { name: 'Match' }).click();
      await preview.getByText('1 exercise will be kept as your own', { exact: false }).waitFor();

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

  it('names at 375 px the unit a file without one is read in, and why, changed with one tap, and every match', async () => {
    // Given a person whose profile is in lb, and a French Strong export of a kg year, which names no unit
    const user = await subscriberFor(e2e.server, { timeZone: 'Europe/Paris', units: 'lb' });
    const page = await e2e.newPage({ width: 375, height: 900 });
    await user.open(page, '/prof');
    const section = page.getByRole('region', { name: 'Import workouts' });
    await section.getByText('Files this reads').click();
    await section.getByTestId('accepted-layouts').getByText('from any year and in any language', { exact: false }).waitFor();
    await section.getByTestId('import-file').setInputFiles({ name: 'strong-fr.csv', mimeType: 'text/csv', buffer: Buffer.from(strongFrench) });
    // Then the preview says kg, worked out from the weights, and why
    const preview = page.getByRole('region', { name: 'Import preview' });
    const unit = preview.getByRole('group', { name: 'Weight unit' });
    await unit.getByText('worked out from the weights', { exact: false }).waitFor();
    expect(await preview.getByTestId('preview-unit').innerText()).to.equal('kg');
    expect(await unit.innerText()).to.contain('kilogram steps');
    // And every name of the file with what it is matched to: the curl and the raise are the person's own
    const squat = preview.getByLabel('What Squat (Barbell) counts as');
    const chosenIn = (choice: typeof squat) => choice.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]!.text);
    expect(await chosenIn(squat)).to.equal('Our Barbell Back Squat');
    expect(await chosenIn(preview.getByLabel('What Bicep Curl (Dumbbell) counts as'))).to.equal('My own exercise (custom)');
    // And each match in full, beside its choice, however narrow the screen
    expect(await preview.getByTestId('name-match').allInnerTexts()).to.deep.equal(['Counts as our Barbell Bench Press', 'Kept as your own exercise', 'Kept as your own exercise', 'Counts as our Seated Dumbbell Lateral Raise', 'Counts as our Barbell Back Squat']);
    await preview.getByText('Kept with the sets: 2 notes.').waitFor();
    await unit.scrollIntoViewIfNeeded();
    await screenshot(page, 'imports-375-unit-inferred');
    await preview.screenshot({ path: path.join(artifactsDir, 'imports-375-unit-inferred-preview.png') });
    // When the person says the weights are in lb, one tap
    await unit.getByRole('button', { name: 'They are in lb' }).click();
    // Then the preview reads them in lb, as chosen, and offers kg back
    await unit.getByText('as you chose', { exact: false }).waitFor();
    expect(await preview.getByTestId('preview-unit').innerText()).to.equal('lb');
    await unit.getByRole('button', { name: 'They are in kg' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await preview.screenshot({ path: path.join(artifactsDir, 'imports-375-unit-chosen-preview.png') });
    // When a match is wrong, one tap keeps the name as the person's own, and one more gives our match back
    await squat.selectOption('own');
    await preview.getByText('3 exercises will be kept as your own', { exact: false }).waitFor();
    expect(await chosenIn(preview.getByLabel('What Squat (Barbell) counts as'))).to.equal('My own exercise (custom)');
    await page.setViewportSize({ width: 390, height: 900 });
    await preview.getByLabel('What Squat (Barbell) counts as').scrollIntoViewIfNeeded();
    await screenshot(page, 'imports-390-match-own');
    await preview.screenshot({ path: path.join(artifactsDir, 'imports-390-match-own-preview.png') });
    await preview.getByLabel('What Squat (Barbell) counts as').selectOption('auto');
    await preview.getByText('2 exercises will be kept as your own', { exact: false }).waitFor();
    await preview.getByRole('button', { name: 'Cancel' }).click();
    // Given a file of slashed dates that read either way, they are read as the device writes dates (month first here)
    await section.getByTestId('import-file').setInputFiles({ name: 'strong-slashed.csv', mimeType: 'text/csv', buffer: Buffer.from(strongSlashedEither) });
    const order = preview.getByRole('group', { name: 'Date order' });
    await order.getByText('as your device writes dates', { exact: false }).waitFor();
    expect(await preview.getByTestId('preview-dates').innerText()).to.equal('month first (11/29)');
    // When the person says they are day first, one tap, the preview says so
    await order.getByRole('button', { name: 'They are day first' }).click();
    await order.getByText('as you chose', { exact: false }).waitFor();
    expect(await preview.getByTestId('preview-dates').innerText()).to.equal('day first (29/11)');
    await order.scrollIntoViewIfNeeded();
    await screenshot(page, 'imports-390-date-order');
    await preview.screenshot({ path: path.join(artifactsDir, 'imports-390-date-order-preview.png') });
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 375, height: 900 });
    // Given a file of neither app, the refusal says what a file must hold, and the list of the files this reads opens beside it
    await section.getByTestId('import-file').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from('Kunde;Artikel;Menge\nAnna;Hose;2\n') });
    const refusal = section.getByRole('alert');
    await refusal.getByText("this header is neither Strong's nor Hevy's export", { exact: false }).waitFor();
    expect(await refusal.innerText()).to.contain("Strong's has the 10, 12, 13 or 14 columns Strong writes").and.to.contain('This file has 3 columns');
    await section.getByTestId('accepted-layouts').getByText('read by its columns in the order Strong writes them', { exact: false }).waitFor({ state: 'visible' });
    await refusal.scrollIntoViewIfNeeded();
    await screenshot(page, 'imports-375-refused');
    await section.screenshot({ path: path.join(artifactsDir, 'imports-375-refused-section.png') });
    // Given a file naming more exercises than one's imports may hold, the preview refuses it and says why
    const madeUp = Array.from({ length: 2001 }, (_, i) => `2019-02-${String(1 + Math.floor(i / 100)).padStart(2, '0')} 10:00:00;Made;Made Up Move ${i};1;50;kg;5;;;;0;;;1h`);
    await section.getByTestId('import-file').setInputFiles({ name: 'made-up.csv', mimeType: 'text/csv', buffer: Buffer.from(`${strongOld.split('\r\n')[0]}\r\n${madeUp.join('\r\n')}\r\n`) });
    await refusal.getByText('This file names 2,001 different exercises, and your imports may hold at most 2,000 in all', { exact: false }).waitFor();
    // The file reads well: the list of the files this reads stays closed.
    expect(await section.getByTestId('accepted-layouts').isVisible()).to.equal(false);
    await refusal.scrollIntoViewIfNeeded();
    await screenshot(page, 'imports-375-too-many-exercises');
    // Given a Strong file whose header is in words the importer does not know, it is read by its columns' order, and says so
    await section.getByTestId('import-file').setInputFiles({ name: 'strong-ru.csv', mimeType: 'text/csv', buffer: Buffer.from(strongUnknownCyrillic) });
    await preview.getByText("its columns told by their order (Strong's layout with Duration and RPE)", { exact: false }).waitFor();
    expect(await preview.getByTestId('preview-workouts').innerText()).to.equal('2');
    expect(await preview.getByTestId('preview-unit').innerText()).to.equal('kg');
    await preview.getByText('Kept with the sets: 2 notes, 1 drop set, 1 failure set.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'imports-375-unknown-language');
    await preview.screenshot({ path: path.join(artifactsDir, 'imports-375-unknown-language-preview.png') });
    // What the person sees once the preview is scrolled to: its heading below the sticky header.
    await preview.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(artifactsDir, 'imports-375-unknown-language-screen.png') });
    const [header, heading] = await Promise.all([page.locator('header.topbar').boundingBox(), preview.getByRole('heading', { name: 'From Strong' }).boundingBox()]);
    expect(heading!.y, 'the heading is not under the header').to.be.at.least(header!.y + header!.height);
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await section.getByTestId('import-file').waitFor({ state: 'attached' });
  });

  it('keeps "Your Data" with both exports for a person without a subscription, and "Import workouts" leads to where importing starts', async () => {
    e2e.server.clock.set(new Date().toISOString());
    const { token } = await signUpVerifiedUser(e2e.server);
    const page = await e2e.newPage({ width: 375, height: 900 });
    await signInPage(page, token, '/prof');
    const data = page.getByRole('region', { name: 'Your Data' });
    await data.getByRole('button', { name: 'Download my data' }).waitFor();
    await data.getByRole('button', { name: 'Workouts for Strong (CSV)' }).waitFor();
    await data.getByRole('button', { name: 'Workouts for Hevy (CSV)' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Profile sections' });
    await nav.getByRole('link', { name: 'Your Data' }).waitFor();
    await nav.getByRole('link', { name: 'Import workouts' }).click();
    const section = page.getByRole('region', { name: 'Import workouts' });
    await section.getByRole('link', { name: 'Manage Subscription' }).waitFor();
    expect(await section.getByTestId('import-file').count()).to.equal(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'imports-375-import-unsubscribed');
    await data.scrollIntoViewIfNeeded();
    await screenshot(page, 'imports-375-your-data-unsubscribed');
  });
});
