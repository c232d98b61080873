import { expect } from 'chai';
import { expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { subscriberFor } from './dataScreens.js';
import { dataScreensAt, fitsTheScreen } from './dataScreensLayout.js';

/** The data screens at a phone's 375 px, and a new subscriber's dashboard there. */
dataScreensAt(375, (e2e) => {
  it('/ for a new subscriber: the no-plans card leads to the chat', async () => {
    const fresh = await subscriberFor(e2e().server);
    const page = await e2e().newPage({ width: 375, height: 740 });
    await fresh.open(page, '/');
    const card = page.getByRole('region', { name: 'No plans yet' });
    await card.waitFor();
    expect(await card.getByRole('link', { name: 'Open AI Chat' }).getAttribute('href')).to.equal('/chat');
    await fitsTheScreen(page, 375);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'screen-dashboard-new-375');
  });
});
