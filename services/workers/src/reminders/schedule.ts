import type { EventType } from '../../../../events/catalog.js';
import type { EventLog } from '../../../../events/store/port.js';
import type { ProfileDoc } from '../../../query/src/accounts/api.js';
import type { ReadModelStore } from '../../../query/src/store/port.js';
import { reminderPattern } from '../../../domain/reminders/settings.js';
import type { JobRoute } from '../dispatcher.js';
import type { Job, JobQueue, Schedule } from '../jobs/port.js';
import { reminderAudience } from './audience.js';

export const REMINDER_QUEUE = 'reminders';
export const reminderSchedulerId = (userId: string) => `reminder-${userId}`;

/** Events that can start, move or end someone's reminders: the profile (preferences, zone), the settings, the subscription. */
const CHANGES: ReadonlySet<EventType> = new Set<EventType>(['UserSignedUp', 'ProfileUpdated', 'ReminderSettingsChanged', 'SubscriptionActivated', 'SubscriptionCancelled', 'SubscriptionEnded', 'AccountDeleted']);

export interface ReminderJob {
  userId: string;
}

/** Each such event asks for the user's scheduler to be brought in line (the job reads the log, not the event). */
export const reminderScheduleRoute: JobRoute = (event) =>
  CHANGES.has(event.type)
    ? [{ id: event.id, queue: REMINDER_QUEUE, name: 'sync', data: { userId: (event.data as { userId: string }).userId } satisfies ReminderJob }]
    : [];

/** When someone's reminders run: their hour on their days, read in their zone (the runners keep wall-clock time across DST). */
export const reminderSchedule = (settings: { hour: number; days: readonly number[]; timeZone: string }): Schedule => ({ pattern: reminderPattern(settings), tz: settings.timeZone });

/**
 * One scheduler per user who should get reminders, at their hour in their zone; removed for everyone else. It reads
 * the current state rather than the event, so syncs running out of order still end on the latest settings.
 */
export async function syncReminderSchedule(deps: { events: EventLog; queue: JobQueue }, userId: string): Promise<void> {
  const audience = await reminderAudience(deps.events, userId);
  if (!audience) return deps.queue.removeScheduler(REMINDER_QUEUE, reminderSchedulerId(userId));
  await deps.queue.upsertScheduler(REMINDER_QUEUE, reminderSchedulerId(userId), reminderSchedule(audience), {
    name: 'daily',
    data: { userId } satisfies ReminderJob,
  });
}

/**
 * The in-process runner keeps its schedules in memory: on start it is told every subscriber (from the profiles read
 * model; the sync reads the log to decide, settings included). BullMQ keeps its schedulers in Redis and needs none.
 */
export async function reminderSyncsOnStart(readModels: ReadModelStore, startedAt: Date): Promise<Job[]> {
  const profiles = await readModels.list<ProfileDoc>('profiles');
  return profiles
    .filter((p) => p.subscription?.status === 'active')
    .map((p) => ({ id: `start-${startedAt.getTime()}-${p.user_id}`, queue: REMINDER_QUEUE, name: 'sync', data: { userId: p.user_id } satisfies ReminderJob }));
}
