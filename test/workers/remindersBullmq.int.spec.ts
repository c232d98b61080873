import { expect } from 'chai';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { reminderStream } from '../../events/streams.js';
import type { BullJobQueue } from '../../services/workers/src/jobs/bullmq.js';
import { REMINDER_QUEUE, reminderSchedulerId } from '../../services/workers/src/reminders/schedule.js';
import { decodeToken, signUpSubscriber } from '../support/accounts.js';
import { mailsTo } from '../../scripts/support/outbox.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { dropPrefix, redisOrSkip, testRedisPrefix, testRedisUrl } from '../platform/redis.js';
import { activateSubscription, cancelSubscription, eventsOf, settled } from './support.js';

/** The schedule of everyone who never chose one: 08:00 every day. */
const EIGHT_EVERY_DAY = '0 8 * * *';

/** The wall-clock hour and minute of an instant in a zone, e.g. '08:00'. */
const localTime = (millis: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(millis));

describe('workers: reminder schedulers on BullMQ', function () {
  this.timeout(60_000);
  let server: TestServer;
  let redis: Redis;
  const prefix = testRedisPrefix();

  before(async function () {
    redis = await redisOrSkip(this);
    server = await startTestServer({ REDIS_URL: testRedisUrl, REDIS_PREFIX: prefix });
  });
  after(async () => {
    await server?.stop();
    if (redis) await dropPrefix(redis, prefix);
    redis?.disconnect();
  });

  it('keeps one job scheduler per subscriber at 08:00 in their zone, follows the profile, and removes it on cancel', async () => {
    const queue = server.system.queue as BullJobQueue;
    // given a subscriber who chose Gentle reminders in New York
    const user = await signUpSubscriber(server, { timeZone: 'America/New_York', helpPreferences: ['Gentle reminders'] });
    const userId = decodeToken(user.token).sub as string;
    expect(await queue.scheduler(REMINDER_QUEUE, reminderSchedulerId(userId)), 'no scheduler before the subscription').to.equal(undefined);
    await activateSubscription(server.system.events, userId, new Date().toISOString());
    await settled(server.system);
    // then BullMQ holds a scheduler for them whose next run is 08:00 New York time, within a day
    const scheduler = await queue.scheduler(REMINDER_QUEUE, reminderSchedulerId(userId));
    expect(scheduler).to.include({ key: reminderSchedulerId(userId), pattern: EIGHT_EVERY_DAY, tz: 'America/New_York', name: 'daily' });
    expect(scheduler!.template?.data).to.deep.equal({ userId });
    expect(localTime(scheduler!.next!, 'America/New_York')).to.equal('08:00');
    expect(scheduler!.next! - Date.now()).to.be.within(0, 24 * 3600 * 1000);

    // when the user moves to Berlin, the same scheduler follows
    const moved = await server.call('PUT', '/api/profile', {
      token: user.token,
      json: { name: 'Jo', age: 30, gender: 'Female', height: 66, weight: 160, targetWeight: 145, helpPreferences: ['Gentle reminders'], timeZone: 'Europe/Berlin' },
    });
    expect(moved.status).to.equal(200);
    await settled(server.system);
    const movedScheduler = await queue.scheduler(REMINDER_QUEUE, reminderSchedulerId(userId));
    expect(movedScheduler).to.include({ tz: 'Europe/Berlin', pattern: EIGHT_EVERY_DAY });
    expect(localTime(movedScheduler!.next!, 'Europe/Berlin')).to.equal('08:00');

    // when the user chooses 19:00 on Mondays and Fridays, the scheduler follows at once; off removes it, on brings it back
    const reminders = (json: Record<string, unknown>) => server.call('PUT', '/api/reminders', { token: user.token, json: { enabled: true, hour: 19, days: [1, 5], channels: ['email'], ...json } });
    expect((await reminders({})).status).to.equal(200);
    await settled(server.system);
    const chosen = await queue.scheduler(REMINDER_QUEUE, reminderSchedulerId(userId));
    expect(chosen).to.include({ tz: 'Europe/Berlin', pattern: '0 19 * * 1,5' });
    expect(localTime(chosen!.next!, 'Europe/Berlin')).to.equal('19:00');
    await reminders({ enabled: false });
    await settled(server.system);
    expect(await queue.scheduler(REMINDER_QUEUE, reminderSchedulerId(userId))).to.equal(undefined);
    await reminders({});
    await settled(server.system);
    expect(await queue.scheduler(REMINDER_QUEUE, reminderSchedulerId(userId))).to.include({ pattern: '0 19 * * 1,5' });

    // when a run of it is worked (queued now rather than waiting for 08:00), the reminder is recorded and mailed
    server.clock.set(new Date().toISOString());
    await queue.add({ id: `run-now-${userId}`, queue: REMINDER_QUEUE, name: 'daily', data: { userId } });
    await settled(server.system);
    const sent = await eventsOf(server.system.events, reminderStream(userId), 'ReminderSent');
    expect(sent).to.have.length(1);
    const subject = (sent[0]!.data as { subject: string }).subject;
    expect(mailsTo(server.dataDir, user.email).filter((m) => m.includes(`Subject: ${subject}`))).to.have.length(1);

    // when the subscription is cancelled, the scheduler is gone
    await cancelSubscription(server.system.events, userId, new Date().toISOString());
    await settled(server.system);
    expect(await queue.scheduler(REMINDER_QUEUE, reminderSchedulerId(userId))).to.equal(undefined);
  });

  it("has BullMQ's own repeat strategy put the reminder pattern at 08:00 local on both sides of the next DST changes", async () => {
    // BullMQ computes each next run on Redis's time, which a test cannot move: a start date after the change stands in.
    const queue = new Queue(`dst-${REMINDER_QUEUE}`, { connection: { url: testRedisUrl }, prefix });
    try {
      const cases = [
        // New York springs forward on 14 March 2027 (08:00 EST = 13:00Z, then 08:00 EDT = 12:00Z)
        ['America/New_York', '2027-03-13T10:00:00Z', '2027-03-13T13:00:00.000Z'],
        ['America/New_York', '2027-03-13T14:00:00Z', '2027-03-14T12:00:00.000Z'],
        // Berlin springs forward on 28 March 2027 (08:00 CET = 07:00Z, then 08:00 CEST = 06:00Z)
        ['Europe/Berlin', '2027-03-27T06:00:00Z', '2027-03-27T07:00:00.000Z'],
        ['Europe/Berlin', '2027-03-27T08:00:00Z', '2027-03-28T06:00:00.000Z'],
      ] as const;
      for (const [tz, startDate, expected] of cases) {
        const id = `dst-${tz}-${startDate}`;
        await queue.upsertJobScheduler(id, { pattern: EIGHT_EVERY_DAY, tz, startDate }, { name: 'daily', data: {} });
        const scheduler = await queue.getJobScheduler(id);
        expect(new Date(scheduler!.next!).toISOString(), `${tz} from ${startDate}`).to.equal(expected);
      }
    } finally {
      await queue.close();
    }
  });
});
