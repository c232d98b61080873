import type { EventType } from '../../../../events/catalog.js';
import type { EventLog } from '../../../../events/store/port.js';
import type { ProfileDoc } from '../../../query/src/accounts/api.js';
import type { ReadModelStore } from '../../../query/src/store/port.js';
import type { JobRoute } from '../dispatcher.js';
import type { Job, JobQueue } from '../jobs/port.js';
import { REMINDER_PREFERENCES, reminderSettings } from './audience.js';

export const REMINDER_QUEUE = 'reminders';
/** Every day at 08:00, read in the user's time zone. */
export const REMINDER_PATTERN = '0 8 * * *';
export const reminderSchedulerId = (userId: string) => `reminder-${userId}`;

/** Events that can start, move or end someone's reminders: the profile (preferences, zone) and the subscription. */
const CHANGES: ReadonlySet<EventType> = new Set<EventType>(['UserSignedUp', 'ProfileUpdated', 'SubscriptionActivated', 'SubscriptionCancelled', 'SubscriptionEnded', 'AccountDeleted']);

export interface ReminderJob {
  userId: string;
}

/** Each such event asks for the user's scheduler to be brought in line (the job reads the log, not the event). */
export const reminderScheduleRoute: JobRoute = (event) =>
  CHANGES.has(event.type)
    ? [{ id: event.id, queue: REMINDER_QUEUE, name: 'sync', data: { userId: (event.data as { userId: string }).userId } satisfies ReminderJob }]
    : [];

/**
 * One scheduler per user who should get reminders, at 08:00 in their zone; removed for everyone else. It reads
 * the current state rather than the event, so syncs running out of order still end on the latest profile.
 */
export async function syncReminderSchedule(deps: { events: EventLog; queue: JobQueue }, userId: string): Promise<void> {
  const settings = await reminderSettings(deps.events, userId);
  if (!settings) return deps.queue.removeScheduler(REMINDER_QUEUE, reminderSchedulerId(userId));
  await deps.queue.upsertScheduler(REMINDER_QUEUE, reminderSchedulerId(userId), { pattern: REMINDER_PATTERN, tz: settings.timeZone }, {
    name: 'daily',
    data: { userId } satisfies ReminderJob,
  });
}

/**
 * The in-process runner keeps its schedules in memory: on start it is told every user who may want reminders (from
 * the profiles read model; the sync reads the log to decide). BullMQ keeps its schedulers in Redis and needs none.
 */
export async function reminderSyncsOnStart(readModels: ReadModelStore, startedAt: Date): Promise<Job[]> {
  const profiles = await readModels.list<ProfileDoc>('profiles');
  return profiles
    .filter((p) => p.help_preferences.some((h) => REMINDER_PREFERENCES.includes(h)))
    .map((p) => ({ id: `start-${startedAt.getTime()}-${p.user_id}`, queue: REMINDER_QUEUE, name: 'sync', data: { userId: p.user_id } satisfies ReminderJob }));
}
