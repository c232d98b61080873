import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { signUp } from '../../services/command/src/accounts/decide.js';
import { newAccountOf, signupInput } from '../../services/command/src/accounts/signupInput.js';
import { user } from '../../services/command/src/accounts/user.js';
import { chooseReminders, deviceIdOf, reminderAccount, subscribePush, turnRemindersOff, unsubscribeAllPush, unsubscribePush } from '../../services/command/src/reminders/decide.js';
import { pushSubscriptionInput, reminderSettingsInput } from '../../services/command/src/reminders/input.js';
import { pushDevices } from '../../services/domain/reminders/settings.js';
import { reminderSettingsProjection, settingsOfDoc } from '../../services/query/src/reminders/reminderSettings.projection.js';
import { reminderSchedule } from '../../services/workers/src/reminders/schedule.js';
import { nextRun } from '../../services/workers/src/jobs/inProcess.js';
import { given, project } from '../support/decider.js';

const NOW = '2026-11-18T12:00:00.000Z';
const signedUpWith = (helpPreferences: string[]): AppNewEvent[] =>
  signUp(user.initialState, {
    userId: 'u1',
    ...newAccountOf(signupInput.parse({ email: 'ann@example.com', password: 'secret123', age: 30, height: 66, weight: 160, primaryGoal: 'Get fit', activityLevel: 'Very active', timeZone: 'Europe/Berlin', helpPreferences })),
    passwordHash: 'hash',
    now: NOW,
  });
const asked = signedUpWith(['Gentle reminders']);
const notAsked = signedUpWith(['Meal suggestions']);
const chosen = (settings: { enabled: boolean; hour: number; days: number[]; channels: ('email' | 'push')[] }, via: 'settings' | 'unsubscribe-link' = 'settings') =>
  newEvent('ReminderSettingsChanged', { userId: 'u1', ...settings, via });
const evening = { enabled: true, hour: 19, days: [1, 3, 5], channels: ['email', 'push'] as ('email' | 'push')[] };

describe('reminder settings: deciders', () => {
  it('records the settings chosen, days sorted and channels in order', () => {
    given(reminderAccount, asked)
      .when((s) => chooseReminders(s, { userId: 'u1', settings: { enabled: true, hour: 19, days: [5, 1, 3], channels: ['push', 'email'] }, via: 'settings' }))
      .then([chosen(evening)]);
  });

  it('records nothing when the same settings are saved again, and refuses an account that is gone', () => {
    given(reminderAccount, [...asked, chosen(evening)]).when((s) => chooseReminders(s, { userId: 'u1', settings: evening, via: 'settings' })).then([]);
    given(reminderAccount, []).when((s) => chooseReminders(s, { userId: 'u1', settings: evening, via: 'settings' })).thenThrows('not_found');
  });

  it("records the first choice even when it equals the help preferences' default, so it rules from then on", () => {
    const same = { enabled: true, hour: 8, days: [0, 1, 2, 3, 4, 5, 6], channels: ['email'] as ('email' | 'push')[] };
    given(reminderAccount, asked).when((s) => chooseReminders(s, { userId: 'u1', settings: same, via: 'settings' })).then([chosen(same)]);
  });

  it('the unsubscribe link turns reminders off and keeps the rest; off already records nothing', () => {
    given(reminderAccount, asked)
      .when((s) => turnRemindersOff(s, { userId: 'u1' }))
      .then([chosen({ enabled: false, hour: 8, days: [0, 1, 2, 3, 4, 5, 6], channels: ['email'] }, 'unsubscribe-link')]);
    given(reminderAccount, [...asked, chosen(evening)]).when((s) => turnRemindersOff(s, { userId: 'u1' })).then([chosen({ ...evening, enabled: false }, 'unsubscribe-link')]);
    given(reminderAccount, notAsked).when((s) => turnRemindersOff(s, { userId: 'u1' })).then([]);
  });

  it('a device subscribes once per endpoint and sign-in, and unsubscribes once', () => {
    const device = { userId: 'u1', endpoint: 'https://push.example/abc', p256dh: 'key', auth: 'secret', signInId: 's1', now: NOW };
    const subscribed = newEvent('PushSubscribed', { userId: 'u1', deviceId: deviceIdOf(device.endpoint), endpoint: device.endpoint, p256dh: 'key', auth: 'secret', signInId: 's1', subscribedAt: NOW });
    given(pushDevices, []).when((s) => subscribePush(s, device)).then([subscribed]);
    given(pushDevices, [subscribed]).when((s) => subscribePush(s, device)).then([]);
    given(pushDevices, [subscribed])
      .when((s) => subscribePush(s, { ...device, signInId: 's2' }))
      .then([{ ...subscribed, data: { ...subscribed.data, signInId: 's2' } }]);
    const gone = newEvent('PushUnsubscribed', { userId: 'u1', deviceId: deviceIdOf(device.endpoint), reason: 'gone', unsubscribedAt: NOW });
    given(pushDevices, [subscribed]).when((s) => unsubscribePush(s, { userId: 'u1', deviceId: deviceIdOf(device.endpoint), reason: 'gone', now: NOW })).then([gone]);
    given(pushDevices, [subscribed, gone]).when((s) => unsubscribePush(s, { userId: 'u1', deviceId: deviceIdOf(device.endpoint), reason: 'device', now: NOW })).then([]);
  });

  it("an account's deletion removes every device still subscribed, and only those", () => {
    const on = (endpoint: string) => newEvent('PushSubscribed', { userId: 'u1', deviceId: deviceIdOf(endpoint), endpoint, p256dh: 'k', auth: 'a', signInId: 's1', subscribedAt: NOW });
    const off = (endpoint: string, reason: 'device' | 'account-deleted') => newEvent('PushUnsubscribed', { userId: 'u1', deviceId: deviceIdOf(endpoint), reason, unsubscribedAt: NOW });
    given(pushDevices, [on('https://p/1'), on('https://p/2'), off('https://p/1', 'device'), on('https://p/3')])
      .when((s) => unsubscribeAllPush(s, { userId: 'u1', now: NOW }))
      .then([off('https://p/2', 'account-deleted'), off('https://p/3', 'account-deleted')]);
  });
});

describe('reminder settings: input', () => {
  const refused = (body: unknown) => expect(reminderSettingsInput.safeParse(body).success, JSON.stringify(body)).to.equal(false);
  it('takes hour 0–23, days 0–6 once each, channels email and push once each, and nothing else', () => {
    expect(reminderSettingsInput.parse(evening)).to.deep.equal(evening);
    for (const bad of [{ ...evening, hour: 24 }, { ...evening, hour: 7.5 }, { ...evening, days: [7] }, { ...evening, days: [] }, { ...evening, days: [1, 1] }, { ...evening, channels: ['sms'] }, { ...evening, channels: [] }, { ...evening, enabled: 'yes' }, { ...evening, extra: 1 }, { hour: 8 }]) refused(bad);
  });
  it('takes a push subscription with an https endpoint and base64url keys', () => {
    expect(pushSubscriptionInput.safeParse({ endpoint: 'https://push.example/abc', keys: { p256dh: 'BAbc_-', auth: 'xyz' } }).success).to.equal(true);
    expect(pushSubscriptionInput.safeParse({ endpoint: 'http://push.example/abc', keys: { p256dh: 'BAbc', auth: 'xyz' } }).success).to.equal(false);
    expect(pushSubscriptionInput.safeParse({ endpoint: 'https://push.example/abc', keys: { p256dh: 'not base64!', auth: 'xyz' } }).success).to.equal(false);
  });
});

describe('reminder settings: the read model', () => {
  it("replays an existing history into today's rule: asked → 08:00 every day by mail; not asked → off", () => {
    expect(settingsOfDoc(project(reminderSettingsProjection, asked).get('u1'))).to.deep.equal({ enabled: true, hour: 8, days: [0, 1, 2, 3, 4, 5, 6], channels: ['email'] });
    expect(settingsOfDoc(project(reminderSettingsProjection, notAsked).get('u1'))).to.include({ enabled: false, hour: 8 });
  });
  it('follows the settings chosen (a later profile save changes nothing) and counts push devices; a deletion erases the doc', () => {
    const subscribed = newEvent('PushSubscribed', { userId: 'u1', deviceId: 'd1', endpoint: 'https://push.example/abc', p256dh: 'k', auth: 'a', signInId: 's1', subscribedAt: NOW });
    const profileSave = { ...asked.find((e) => e.type === 'UserSignedUp')!, type: 'ProfileUpdated' } as AppNewEvent;
    const docs = project(reminderSettingsProjection, [...asked, chosen(evening), profileSave, subscribed]);
    expect(settingsOfDoc(docs.get('u1'))).to.deep.equal(evening);
    expect(docs.get('u1')!.push_devices).to.deep.equal(['d1']);
    expect(project(reminderSettingsProjection, [...asked, chosen(evening), newEvent('AccountDeleted', { userId: 'u1', deletedAt: NOW })]).has('u1')).to.equal(false);
  });
  it('a device removed after the deletion erased the doc leaves no doc behind', () => {
    const deleted = newEvent('AccountDeleted', { userId: 'u1', deletedAt: NOW });
    const removed = newEvent('PushUnsubscribed', { userId: 'u1', deviceId: 'd1', reason: 'account-deleted', unsubscribedAt: NOW });
    expect(project(reminderSettingsProjection, [...asked, deleted, removed]).has('u1')).to.equal(false);
  });
});

describe('reminder schedule: the chosen hour in the person’s zone, across DST', () => {
  const runsFrom = (settings: { hour: number; days: number[]; timeZone: string }, fromIso: string, count: number) => {
    const runs: string[] = [];
    for (let at = new Date(fromIso); runs.length < count; ) runs.push((at = nextRun(reminderSchedule(settings), at)).toISOString());
    return runs;
  };
  it('19:00 in Berlin every day: 18:00Z before the spring change, 17:00Z after it', () => {
    expect(runsFrom({ hour: 19, days: [0, 1, 2, 3, 4, 5, 6], timeZone: 'Europe/Berlin' }, '2026-03-27T12:00:00Z', 3)).to.deep.equal(['2026-03-27T18:00:00.000Z', '2026-03-28T18:00:00.000Z', '2026-03-29T17:00:00.000Z']);
  });
  it('07:00 in New York on Sundays and Wednesdays: 11:00Z before the autumn change, 12:00Z after it', () => {
    expect(reminderSchedule({ hour: 7, days: [3, 0], timeZone: 'America/New_York' })).to.deep.equal({ pattern: '0 7 * * 0,3', tz: 'America/New_York' });
    expect(runsFrom({ hour: 7, days: [3, 0], timeZone: 'America/New_York' }, '2026-10-24T00:00:00Z', 3)).to.deep.equal(['2026-10-25T11:00:00.000Z', '2026-10-28T11:00:00.000Z', '2026-11-01T12:00:00.000Z']);
  });
});
