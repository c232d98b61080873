import { expect } from 'chai';
import { reminderStream } from '../../events/streams.js';
import { reminderIdOf } from '../../services/workers/src/reminders/send.js';
import { decodeToken, signUpSubscriber } from '../support/accounts.js';
import { mailsTo } from '../../scripts/support/outbox.js';
import { startTestServer, TestClock, type TestServer } from '../support/server.js';
import { activateSubscription, cancelSubscription, eventsOf, settled, until } from './support.js';

/** Longer than two ticks of the in-process scheduler: a reminder that was due would have been recorded by then. */
const settle = () => new Promise((r) => setTimeout(r, 700));

async function subscriberIn(server: TestServer, overrides: Record<string, unknown>) {
  const user = await signUpSubscriber(server, overrides);
  const userId = decodeToken(user.token).sub as string;
  await activateSubscription(server.system.events, userId, server.clock.now().toISOString());
  await settled(server.system);
  const reminders = async (on: TestServer) => (await eventsOf(on.system.events, reminderStream(userId), 'ReminderSent')).map((e) => e.data as Record<string, unknown>);
  return { ...user, userId, reminders };
}

/** Moves the clock to each instant and says whether a reminder was recorded then (and which). */
async function reminderAt(server: TestServer, reminders: (on: TestServer) => Promise<Record<string, unknown>[]>, iso: string, expectOne: boolean) {
  const before = (await reminders(server)).length;
  server.clock.set(iso);
  if (expectOne) await until(`a reminder at ${iso}`, async () => (await reminders(server)).length > before);
  else await settle();
  const after = await reminders(server);
  expect(after.length, `reminders after ${iso}`).to.equal(expectOne ? before + 1 : before);
  return after[after.length - 1];
}

const DST_CASES = [
  {
    zone: 'America/New_York',
    start: '2026-10-30T15:00:00Z',
    // 08:00 EDT (UTC-4) on Saturday; clocks go back on Sunday 1 November; 08:00 EST (UTC-5) from then on.
    steps: [
      ['2026-10-31T11:59:00Z', null],
      ['2026-10-31T12:00:00Z', '2026-10-31'],
      ['2026-11-01T12:00:00Z', null],
      ['2026-11-01T13:00:00Z', '2026-11-01'],
      ['2026-11-02T12:30:00Z', null],
      ['2026-11-02T13:00:00Z', '2026-11-02'],
    ],
  },
  {
    zone: 'Europe/Berlin',
    start: '2026-03-27T12:00:00Z',
    // 08:00 CET (UTC+1) on Saturday; clocks go forward on Sunday 29 March; 08:00 CEST (UTC+2) from then on.
    steps: [
      ['2026-03-28T06:59:00Z', null],
      ['2026-03-28T07:00:00Z', '2026-03-28'],
      ['2026-03-29T05:59:00Z', null],
      ['2026-03-29T06:00:00Z', '2026-03-29'],
    ],
  },
] as const;

describe('workers: daily reminders at 08:00 local time (in-process scheduler, test clock)', function () {
  this.timeout(60_000);

  for (const dst of DST_CASES) {
    it(`fires at 08:00 in ${dst.zone} on both sides of the DST change, once a day`, async () => {
      const server = await startTestServer({}, undefined, new TestClock(new Date(dst.start)));
      try {
        // given a subscriber who chose Gentle reminders, with starter plans saved after the activation
        const user = await subscriberIn(server, { timeZone: dst.zone, helpPreferences: ['Daily workout plans', 'Gentle reminders'] });
        for (const [iso, localDate] of dst.steps) {
          // when the clock reaches each instant; then a reminder is recorded exactly at 08:00 local, and only then
          const reminder = await reminderAt(server, user.reminders, iso, localDate !== null);
          if (localDate) {
            expect(reminder).to.include({ userId: user.userId, reminderId: reminderIdOf(user.userId, localDate), localDate, kind: 'today', sentAt: new Date(iso).toISOString() });
            expect(reminder!.subject).to.match(/^Today: /);
          }
        }
        // and each reminder is delivered as a mail, one per day
        await settled(server.system);
        const mails = mailsTo(server.dataDir, user.email).filter((m) => m.includes('Subject: Today: '));
        expect(mails).to.have.length(dst.steps.filter(([, d]) => d !== null).length);
        expect(mails[0]).to.match(/Today's workout: .+\r?\n/);
        expect(mails[0]).to.match(/Next meal: .+ kcal\./);
        // under it the dashboard's address, where to change these mails and the link that stops them
        expect(mails[0]).to.match(/Open your dashboard to get started\.\r?\n\r?\nhttp:\/\/\S+\/dashboard\r?\n/);
        expect(mails[0]).to.match(/on your profile: http:\/\/\S+\/prof\r?\nStop them with one click: http:\/\/\S+\/api\/reminders\/unsubscribe\?token=\S+\r?\n/);
      } finally {
        await server.stop();
      }
    });
  }

  it('sends a streak nudge to a user who chose only Motivation check-ins', async () => {
    const server = await startTestServer({}, undefined, new TestClock(new Date('2026-11-18T10:00:00Z')));
    try {
      const user = await subscriberIn(server, { timeZone: 'Asia/Tokyo', helpPreferences: ['Motivation check-ins'] });
      // 08:00 in Tokyo (UTC+9) is 23:00 UTC the day before
      const reminder = await reminderAt(server, user.reminders, '2026-11-18T23:00:00Z', true);
      expect(reminder).to.include({ kind: 'streak', localDate: '2026-11-19' });
      await settled(server.system);
      const [mail] = mailsTo(server.dataDir, user.email).filter((m) => m.includes(`Subject: ${reminder!.subject as string}`));
      expect(mail).to.match(/Good morning, .+!/);
      expect(mail).to.match(/in a row|Every streak starts/);
    } finally {
      await server.stop();
    }
  });

  it('moves with the profile, stops on opt-out and on cancel, and comes back after a restart', async () => {
    let server = await startTestServer({}, undefined, new TestClock(new Date('2026-11-18T10:00:00Z')));
    try {
      const user = await subscriberIn(server, { timeZone: 'America/New_York', helpPreferences: ['Gentle reminders'] });
      const profile = (fields: Record<string, unknown>) => ({
        name: 'Jo', age: 30, gender: 'Female', height: 66, weight: 160, targetWeight: 145, helpPreferences: ['Gentle reminders'], timeZone: 'America/New_York', ...fields,
      });
      // when the user moves to Los Angeles: 08:00 there is 16:00 UTC, no longer 13:00
      const moved = await server.call('PUT', '/api/profile', { token: user.token, json: profile({ timeZone: 'America/Los_Angeles' }) });
      expect(moved.status).to.equal(200);
      await settled(server.system);
      await reminderAt(server, user.reminders, '2026-11-18T13:00:00Z', false);
      await reminderAt(server, user.reminders, '2026-11-18T16:00:00Z', true);
      // when the process restarts, the in-process schedule is rebuilt
      server = await server.restart();
      await settled(server.system);
      await reminderAt(server, user.reminders, '2026-11-19T16:00:00Z', true);
      // when the user opts out, no reminder the next morning
      const optOut = await server.call('PUT', '/api/profile', { token: user.token, json: profile({ timeZone: 'America/Los_Angeles', helpPreferences: ['Progress tracking'] }) });
      expect(optOut.status).to.equal(200);
      await settled(server.system);
      await reminderAt(server, user.reminders, '2026-11-20T16:00:00Z', false);
      // when they opt in again, reminders resume; when they cancel, they stop
      await server.call('PUT', '/api/profile', { token: user.token, json: profile({ timeZone: 'America/Los_Angeles' }) });
      await settled(server.system);
      await reminderAt(server, user.reminders, '2026-11-21T16:00:00Z', true);
      await cancelSubscription(server.system.events, user.userId, server.clock.now().toISOString());
      await settled(server.system);
      await reminderAt(server, user.reminders, '2026-11-22T16:00:00Z', false);
      expect((await user.reminders(server)).map((r) => r.localDate)).to.deep.equal(['2026-11-18', '2026-11-19', '2026-11-21']);
    } finally {
      await server.stop();
    }
  });
});
