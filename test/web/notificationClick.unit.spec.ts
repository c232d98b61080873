import { expect } from 'chai';
import { notificationClickPlan } from '../../web/worker/notificationClick.js';
import { REMINDER_SCREEN } from '../../contract/reminders/settings.js';

const ORIGIN = 'https://app.example';
const screen = `${ORIGIN}${REMINDER_SCREEN}`;

describe('the service worker: a tap on a pushed reminder', () => {
  it('with no window of the app open, opens one at the reminder’s screen', () => {
    expect(notificationClickPlan(REMINDER_SCREEN, ORIGIN, [])).to.deep.equal({ target: screen, action: 'open', index: -1 });
  });

  it('focuses a window already at that screen rather than moving another', () => {
    const windows = [{ url: `${ORIGIN}/prof`, focused: true }, { url: screen }];
    expect(notificationClickPlan(REMINDER_SCREEN, ORIGIN, windows)).to.deep.equal({ target: screen, action: 'focus', index: 1 });
  });

  it('otherwise takes the focused window of the app there, else the first', () => {
    expect(notificationClickPlan(REMINDER_SCREEN, ORIGIN, [{ url: `${ORIGIN}/prof` }, { url: `${ORIGIN}/plan`, focused: true }])).to.include({ action: 'navigate', index: 1 });
    expect(notificationClickPlan(REMINDER_SCREEN, ORIGIN, [{ url: `${ORIGIN}/prof` }, { url: `${ORIGIN}/plan` }])).to.include({ action: 'navigate', index: 0 });
  });

  it('opens only the app’s own screens: another origin, a missing or odd url goes to the app’s start', () => {
    for (const url of ['https://evil.example/phish', undefined, '', 42, 'javascript:alert(1)']) {
      expect(notificationClickPlan(url, ORIGIN, []).target, String(url)).to.equal(`${ORIGIN}/`);
    }
  });
});
