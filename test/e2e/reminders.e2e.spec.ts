import { expect } from 'chai';
import { decodeToken, signUpSubscriber } from '../support/accounts.js';
import { expectNoSeriousA11yViolations, logInBrowser, screenshot, startE2E, type E2E } from '../support/browser.js';
import { until } from '../support/until.js';
import { activateSubscription, eventsOf, settled } from '../workers/support.js';
import { reminderStream } from '../../events/streams.js';
import { PushStandIn } from '../reminders/pushStandIn.js';

/**
 * Headless Chromium has no push service of its own, so the page's PushManager hands out a subscription on the
 * test's stand-in push service (with keys the test holds). From there it is the app's: the server encrypts and signs
 * the reminder with the real web-push library, the stand-in takes and decrypts it, and the test delivers it to the
 * app's real service worker through DevTools, as a push service would.
 */
describe('reminders: a person turns on push at 19:00 and the installed app shows the reminder (e2e, 390 px)', function () {
  let e2e: E2E;
  let push: PushStandIn;
  before(async function () {
    // Notifications are shown by the full browser only: the headless shell answers every permission request 'denied'.
    e2e = await startE2E(this, {}, 'full');
    push = await new PushStandIn().start();
  });
  after(async () => {
    await e2e?.stop();
    await push?.close();
  });

  it('chooses 19:00 and push on /prof, allows notifications, and a notification shows when the clock reaches 19:00 Berlin', async () => {
    // The browser judges the token's expiry by its own clock, so the server's starts at the real now.
    e2e.server.clock.set(new Date().toISOString());
    const user = await signUpSubscriber(e2e.server, { timeZone: 'Europe/Berlin', helpPreferences: ['Progress tracking'] });
    const userId = decodeToken(user.token).sub as string;
    await activateSubscription(e2e.server.system.events, userId, e2e.server.clock.now().toISOString());
    const device = push.device('phone');

    const page = await e2e.newPage({ width: 390, height: 844, timezoneId: 'Europe/Berlin', serviceWorkers: 'allow' });
    await page.context().grantPermissions(['notifications'], { origin: e2e.server.url });
    // As text: the test's compiled functions may call helpers the page does not have.
    await page.addInitScript(`(() => {
      const subscription = ${JSON.stringify(device.subscription)};
      let current = null;
      const made = { endpoint: subscription.endpoint, toJSON: () => subscription, unsubscribe: async () => { current = null; return true; } };
      Object.defineProperty(PushManager.prototype, 'getSubscription', { configurable: true, writable: true, value: async () => current });
      Object.defineProperty(PushManager.prototype, 'subscribe', { configurable: true, writable: true, value: async () => (current = made) });
    })();`);
    await logInBrowser(page, e2e.server, user.email, user.payload.password);
    await page.goto('/prof#reminders');
    await page.evaluate(() => navigator.serviceWorker.ready);

    // Given reminders off for someone who never asked; when they turn them on at 19:00 with push, on this phone
    const form = page.getByRole('form', { name: 'Reminders' });
    await form.getByLabel('Send me reminders').check();
    await form.getByLabel('Time of day').selectOption('19');
    await form.getByLabel('E-mail', { exact: true }).uncheck();
    await form.getByLabel('Push notifications on this device').check();
    await form.getByRole('button', { name: 'Save Reminders' }).click();
    await form.getByText('Reminders saved.').waitFor();
    await form.getByText('1 device takes push.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'reminders-prof-390');
    await page.locator('#reminders').screenshot({ path: 'test/artifacts/reminders-section-390.png' });
    expect(await page.evaluate(() => Notification.permission)).to.equal('granted');

    // When the server's clock reaches 19:00 in Berlin (18:00 UTC in winter, 17:00 UTC in summer)
    await settled(e2e.server.system);
    const now = e2e.server.clock.now();
    const berlinOffsetHours = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: 'numeric', hourCycle: 'h23' }).format(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 12)))) - 12;
    const nineteen = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 19 - berlinOffsetHours));
    e2e.server.clock.set(nineteen.toISOString());
    await until('the reminder pushed to the stand-in push service', async () => push.pushesTo('phone').length > 0);
    expect((await eventsOf(e2e.server.system.events, reminderStream(userId), 'ReminderSent')).map((e) => (e.data as { channels?: string[] }).channels)).to.deep.equal([['push']]);
    const [pushed] = push.pushesTo('phone');

    // Then the app's service worker, handed the push, shows it; a tap would open the dashboard
    const cdp = await page.context().newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await until('the service worker registration', async () => registrations.some((r) => r.scopeURL === `${e2e.server.url}/`));
    // A push handed to a worker not yet active is lost: it goes once the app's worker is the active one.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    const registration = registrations.find((r) => r.scopeURL === `${e2e.server.url}/`)!;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: e2e.server.url, registrationId: registration.registrationId, data: JSON.stringify(pushed!.payload) });
    const shownNow = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url })));
    // The worker shows it in a task of its own, which waits its turn while the suite shares two cores.
    await until('the notification shown', async () => (await shownNow()).length > 0, 30_000);
    const [notification] = await shownNow();
    expect(notification).to.deep.include({ title: pushed!.payload!.title, url: '/dashboard' });
    expect(notification!.body).to.match(/^Good evening, /);

    // And the section reads as well on a wide screen
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('#reminders').screenshot({ path: 'test/artifacts/reminders-section-1280.png' });
  });
});
