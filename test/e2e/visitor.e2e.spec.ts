import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, screenshot, startE2E, type E2E } from '../support/browser.js';

describe('journey 1: a visitor on the landing page (e2e)', function () {
  let e2e: E2E;
  let page: Page;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  it('shows the landing page to a visitor at /', async () => {
    page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).to.equal(1);
    await expectNoSeriousA11yViolations(page);
  });
});
