import { expect } from 'chai';
import { FORGOTTEN } from '../../events/personal.js';
import { pushStream, reminderStream, userStream } from '../../events/streams.js';
import { mailsTo } from '../../scripts/support/outbox.js';
import { decodeToken, signUpSubscriber } from '../support/accounts.js';
import { startTestServer, TestClock, type TestServer } from '../support/server.js';
import { activateSubscription, eventsOf, settled, until } from '../workers/support.js';
import { PushStandIn } from './pushStandIn.js';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
/** Longer than two ticks of the in-process scheduler: a reminder that was due would have been recorded by then. */
const settle = () => new Promise((r) => setTimeout(r, 700));

async function subscriber(server: TestServer, overrides: Record<string, unknown> = {}) {
  const user = await signUpSubscriber(server, { timeZone: 'Europe/Berlin', helpPreferences: ['Progress tracking'], ...overrides });
  const userId = decodeToken(user.token).sub as string;
  await activateSubscription(server.system.events, userId, server.clock.now().toISOString());
  await settled(server.system);
  const reminders = async () => eventsOf(server.system.events, reminderStream(userId), 'ReminderSent');
  return { ...user, userId, reminders };
}

/** Moves the clock to `iso`; waits for the reminder of that moment, or long enough to know none came. */
async function clockTo(server: TestServer, reminders: () => Promise<unknown[]>, iso: string, expectOne: boolean) {
  const before = (await reminders()).length;
  server.clock.set(iso);
  if (expectOne) await until(`a reminder at ${iso}`, async () => (await reminders()).length > before);
  else await settle();
  await settled(server.system);
  expect((await reminders()).length, `reminders after ${iso}`).to.equal(expectOne ? before + 1 : before);
}

describe('reminders you choose: settings, Web Push to a stand-in push service, one-click unsubscribe', function () {
  this.timeout(60_000);
  let server: TestServer;
  let push: PushStandIn;

  beforeEach(async () => {
    push = await new PushStandIn().start();
    server = await startTestServer({}, undefined, new TestClock(new Date('2026-11-18T10:00:00Z')));
  });
  afterEach(async () => {
    await server.stop();
    await push.close();
  });

  it('GET and PUT /api/reminders: today’s rule until chosen, clear 400s that change nothing, nobody else’s settings', async () => {
    const user = await subscriber(server, { helpPreferences: ['Gentle reminders'] });
    const first = await server.call('GET', '/api/reminders', { token: user.token });
    expect(first.status).to.equal(200);
    expect(first.body).to.include({ enabled: true, hour: 8, timeZone: 'Europe/Berlin', subscribed: true, pushDevices: 0 });
    expect(first.body.days).to.deep.equal(EVERY_DAY);
    expect(first.body.channels).to.deep.equal(['email']);
    expect(first.body.pushPublicKey).to.match(/^[A-Za-z0-9_-]{80,}$/);
    for (const [json, message] of [
      [{ enabled: true, hour: 24, days: [1], channels: ['email'] }, /hour must be at most 23/],
      [{ enabled: true, hour: 7, days: [], channels: ['email'] }, /days must name at least one day/],
      [{ enabled: true, hour: 7, days: [1], channels: ['sms'] }, /channel must be one of email, push/],
      [{ enabled: 'yes', hour: 7, days: [1], channels: ['email'] }, /enabled must be true or false/],
    ] as const) {
      const refused = await server.call('PUT', '/api/reminders', { token: user.token, json });
      expect(refused.status, JSON.stringify(json)).to.equal(400);
      expect(refused.body.message).to.match(message);
    }
    expect((await eventsOf(server.system.events, userStream(user.userId), 'ReminderSettingsChanged')).length).to.equal(0);
    expect((await server.call('PUT', '/api/reminders', { json: { enabled: false, hour: 7, days: [1], channels: ['email'] } })).status).to.equal(401);
    const saved = await server.call('PUT', '/api/reminders', { token: user.token, json: { enabled: true, hour: 19, days: [5, 1], channels: ['push', 'email'] } });
    expect(saved.status).to.equal(200);
    const read = await server.call('GET', '/api/reminders', { token: user.token, headers: { 'X-Min-Position': String(saved.body.position) } });
    expect(read.body).to.include({ enabled: true, hour: 19 });
    expect(read.body.days).to.deep.equal([1, 5]);
    expect(read.body.channels).to.deep.equal(['email', 'push']);
    const other = await subscriber(server);
    expect((await server.call('GET', '/api/reminders', { token: other.token })).body).to.include({ enabled: false, hour: 8 });
  });

  it('pushes at the chosen hour to each device; a device the push service calls gone is removed; none after sign-out', async () => {
    const user = await subscriber(server);
    // two devices, each on a sign-in of its own
    const login = await server.call('POST', '/api/login', { json: { identifier: user.email, password: user.payload.password } });
    const phone = push.device('phone');
    const tablet = push.device('tablet');
    const badEndpoint = await server.call('POST', '/api/push-subscriptions', { token: user.token, json: { endpoint: 'ftp://x', keys: phone.subscription.keys } });
    expect(badEndpoint.status).to.equal(400);
    expect((await server.call('POST', '/api/push-subscriptions', { token: user.token, json: phone.subscription })).status).to.equal(201);
    expect((await server.call('POST', '/api/push-subscriptions', { token: login.body.token, json: tablet.subscription })).status).to.equal(201);
    const saved = await server.call('PUT', '/api/reminders', { token: user.token, json: { enabled: true, hour: 19, days: EVERY_DAY, channels: ['push'] } });
    expect(saved.status).to.equal(200);
    await settled(server.system);
    push.gone.add('tablet');

    // 19:00 in Berlin is 18:00 UTC in November: nothing at 17:59, a push to each device at 18:00
    await clockTo(server, user.reminders, '2026-11-18T17:59:00Z', false);
    await clockTo(server, user.reminders, '2026-11-18T18:00:00Z', true);
    const [toPhone] = push.pushesTo('phone');
    expect(toPhone!.payload).to.include({ url: '/dashboard' });
    expect(toPhone!.payload!.title).to.be.a('string').and.not.equal('');
    expect(toPhone!.authorization).to.match(/^vapid t=.+, k=/);
    expect(push.pushesTo('tablet')).to.have.length(1);
    const removed = await eventsOf(server.system.events, pushStream(user.userId), 'PushUnsubscribed');
    expect(removed.map((e) => e.data)).to.deep.equal([{ userId: user.userId, deviceId: (removed[0]!.data as { deviceId: string }).deviceId, reason: 'gone', unsubscribedAt: '2026-11-18T18:00:00.000Z' }]);
    // push only: no mail
    expect(mailsTo(server.dataDir, user.email).filter((m) => /List-Unsubscribe/.test(m))).to.have.length(0);

    // the next day the tablet is not tried again; after the phone signs out, it is removed, not pushed to
    await clockTo(server, user.reminders, '2026-11-19T18:00:00Z', true);
    expect(push.pushesTo('phone')).to.have.length(2);
    expect(push.pushesTo('tablet')).to.have.length(1);
    expect((await server.call('POST', '/api/logout', { token: user.token })).status).to.equal(204);
    await clockTo(server, user.reminders, '2026-11-20T18:00:00Z', true);
    expect(push.pushesTo('phone')).to.have.length(2);
    const reasons = (await eventsOf(server.system.events, pushStream(user.userId), 'PushUnsubscribed')).map((e) => (e.data as { reason: string }).reason);
    expect(reasons).to.deep.equal(['gone', 'signed-out']);
  });

  it('a device turned off is not pushed to; after the account is deleted nothing is sent and its endpoints are forgotten', async () => {
    const user = await subscriber(server);
    const phone = push.device('phone');
    const laptop = push.device('laptop');
    await server.call('POST', '/api/push-subscriptions', { token: user.token, json: phone.subscription });
    await server.call('POST', '/api/push-subscriptions', { token: user.token, json: laptop.subscription });
    expect((await server.call('DELETE', '/api/push-subscriptions', { token: user.token, json: { endpoint: laptop.endpoint } })).status).to.equal(200);
    await server.call('PUT', '/api/reminders', { token: user.token, json: { enabled: true, hour: 7, days: EVERY_DAY, channels: ['push'] } });
    await settled(server.system);
    await clockTo(server, user.reminders, '2026-11-19T06:00:00Z', true);
    expect(push.pushesTo('phone')).to.have.length(1);
    expect(push.pushesTo('laptop')).to.have.length(0);
    const deleted = await server.call('DELETE', '/api/account', { token: user.token, json: { password: user.payload.password } });
    expect(deleted.status).to.be.within(200, 204);
    await settled(server.system);
    server.clock.set('2026-11-20T06:00:00Z');
    await settle();
    await settled(server.system);
    expect(push.pushes).to.have.length(1);
    const subscribed = await eventsOf(server.system.events, pushStream(user.userId), 'PushSubscribed');
    expect(subscribed.map((e) => (e.data as { endpoint: string }).endpoint)).to.deep.equal([FORGOTTEN, FORGOTTEN]);
    const removed = await eventsOf(server.system.events, pushStream(user.userId), 'PushUnsubscribed');
    expect(removed.map((e) => (e.data as { reason: string }).reason)).to.deep.equal(['device', 'account-deleted']);
  });

  it('the mail carries List-Unsubscribe headers and a link whose GET only asks and whose POST (one click, or the page’s button) turns reminders off without sign-in', async () => {
    const user = await subscriber(server, { helpPreferences: ['Gentle reminders'] });
    await clockTo(server, user.reminders, '2026-11-19T07:00:00Z', true);
    const [mail] = mailsTo(server.dataDir, user.email).filter((m) => /List-Unsubscribe:/.test(m));
    const link = /List-Unsubscribe: <(http:\/\/[^>]+)>/.exec(mail!)![1]!;
    expect(mail).to.match(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(mail).to.include(`Stop them with one click: ${link}`);
    const path = new URL(link).pathname + new URL(link).search;
    expect((await server.call('GET', '/api/reminders/unsubscribe?token=forged')).status).to.equal(400);
    const page = await server.call('GET', path);
    expect(page.status).to.equal(200);
    expect(page.text).to.match(/Stop reminder mails\?/);
    expect(page.text).to.match(/<form method="post" action="\/api\/reminders\/unsubscribe\?token=[^"]+&amp;from=page">/);
    await settled(server.system);
    expect(await eventsOf(server.system.events, userStream(user.userId), 'ReminderSettingsChanged'), 'a GET (a link scanner) changes nothing').to.have.length(0);
    const done = await server.call('POST', `${path}&from=page`);
    expect(done.status).to.equal(200);
    expect(done.text).to.match(/Done: you will get no more reminder mails/).and.match(/href="\/prof"/);
    expect((await server.call('POST', path, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).to.equal(204);
    const changes = await eventsOf(server.system.events, userStream(user.userId), 'ReminderSettingsChanged');
    expect(changes.map((e) => e.data)).to.deep.equal([{ userId: user.userId, enabled: false, hour: 8, days: EVERY_DAY, channels: ['email'], via: 'unsubscribe-link' }]);
    await settled(server.system);
    await clockTo(server, user.reminders, '2026-11-20T07:00:00Z', false);
  });
});
