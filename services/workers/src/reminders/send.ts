import { newEvent, type AppEvent, type AppNewEvent } from '../../../../events/catalog.js';
import type { EventStore } from '../../../../events/store/port.js';
import { reminderStream } from '../../../../events/streams.js';
import { execute } from '../../../command/src/execute.js';
import { uuidFrom } from '../../../../events/ids.js';
import type { Logger } from '../../../platform/logger.js';
import { localDate } from '../../../platform/time.js';
import { dashboardSummary } from '../../../query/src/dashboard/api.js';
import { loadUserFacts } from '../../../query/src/progress/api.js';
import type { ReadModelStore } from '../../../query/src/store/port.js';
import type { JobRoute } from '../dispatcher.js';
import type { JobHandler, JobQueue } from '../jobs/port.js';
import { addressOf, MAIL_QUEUE, type Mailer } from '../mail/api.js';
import type { Tokens } from '../../../platform/auth.js';
import { unsubscribeLink } from '../../../command/src/reminders/api.js';
import { REMINDER_SCREEN } from '../../../../contract/reminders/settings.js';
import { reminderAudience } from './audience.js';
import { composeReminder } from './compose.js';
import { REMINDER_QUEUE, reminderSchedulerId, type ReminderJob } from './schedule.js';

/** One reminder per user and local date, whichever run (retry, moved schedule, second worker) gets there. */
export const reminderIdOf = (userId: string, date: string) => uuidFrom(`${userId}:reminder:${date}`);

const sentDates = {
  initialState: [] as string[],
  evolve: (dates: string[], event: AppEvent) => (event.type === 'ReminderSent' ? [...dates, event.data.localDate] : dates),
};

/**
 * A scheduler's daily run: checks the user still wants reminders (a scheduler left behind by a lost sync is removed
 * here), writes the reminder from the dashboard summary at this moment and records `ReminderSent`. The mail goes
 * out from that event (see `reminderMailRoute`), so it is sent once even if this job runs twice.
 */
export const dailyReminderHandler =
  (deps: { events: EventStore; readModels: ReadModelStore; queue: JobQueue; now(): Date; log: Logger }) =>
  async (userId: string): Promise<void> => {
    const settings = await reminderAudience(deps.events, userId);
    if (!settings) return deps.queue.removeScheduler(REMINDER_QUEUE, reminderSchedulerId(userId));
    const now = deps.now();
    const date = localDate(now, settings.timeZone);
    const facts = await loadUserFacts(deps.readModels, userId);
    // The profile reaches the read models moments after sign-up; a retry finds it.
    if (!facts) throw new Error(`no profile read model for user ${userId} yet`);
    const content = composeReminder(dashboardSummary(facts, now), settings.preferences, settings.name, settings.hour);
    const reminderId = reminderIdOf(userId, date);
    const decide = (dates: string[]): AppNewEvent[] =>
      dates.includes(date) ? [] : [newEvent('ReminderSent', { userId, reminderId, localDate: date, ...content, sentAt: now.toISOString(), channels: settings.channels }, reminderId)];
    await execute({ store: deps.events, metadata: { userId, at: now.toISOString() } }, reminderStream(userId), sentDates, decide);
  };

/** The reminders queue: `sync` moves a user's scheduler, `daily` is one of its runs. */
export const remindersHandler =
  (sync: (userId: string) => Promise<void>, daily: (userId: string) => Promise<void>): JobHandler =>
  async (job) => {
    const { userId } = job.data as ReminderJob;
    if (job.name === 'sync') return sync(userId);
    if (job.name === 'daily') return daily(userId);
    throw new Error(`no handler for reminders job ${job.name}`);
  };

/** Ids only: the reminder's words are read from its event as the mail is sent (mail/address.ts says why). */
export interface ReminderMailJob {
  userId: string;
  reminderId: string;
}

/** The channels of a recorded reminder; one recorded before there was a choice went by mail. */
export const channelsOf = (reminder: { channels?: readonly string[] | undefined }): readonly string[] => reminder.channels ?? ['email'];

/** A recorded reminder on the mail channel becomes one mail job (its id is the event's, so a replay never mails twice). */
export const reminderMailRoute: JobRoute = (event) =>
  event.type === 'ReminderSent' && channelsOf(event.data).includes('email')
    ? [{ id: event.id, queue: MAIL_QUEUE, name: 'reminder', data: { userId: event.data.userId, reminderId: event.data.reminderId } satisfies ReminderMailJob }]
    : [];

/** Events read back from the end of a person's reminders at once, looking for the one a mail job names. */
const REMINDERS_READ_BACK = 8;

/** The recorded reminder a mail job was made from: near the end of its stream, as the job follows it closely. */
export async function reminderOf(events: EventStore, userId: string, eventId: string): Promise<{ subject: string; text: string } | undefined> {
  for (let before: number | undefined; before === undefined || before > 0; ) {
    const page = (await events.readStreamBackward(reminderStream(userId), before, REMINDERS_READ_BACK)) as AppEvent[];
    if (page.length === 0) return undefined;
    const sent = page.find((e) => e.id === eventId);
    if (sent?.type === 'ReminderSent') return sent.data;
    before = page[page.length - 1]!.revision;
  }
  return undefined;
}

/**
 * The links under a reminder: the dashboard it asks to open, where to change the reminders, and the one click that
 * stops them. Added as it is sent, not recorded: the addresses are this deployment's, not part of what was reminded.
 */
const reminderFooter = (publicUrl: string, unsubscribe: string) =>
  `\n${publicUrl}${REMINDER_SCREEN}\n\n-- \nYou get this mail because you asked for reminders. Change their days, hour or channels on your profile: ${publicUrl}/prof\nStop them with one click: ${unsubscribe}\n`;

export const reminderMailHandler =
  (events: EventStore, tokens: Tokens, mailer: Mailer, publicUrl: string): JobHandler =>
  async (job) => {
    const { userId, reminderId } = job.data as ReminderMailJob;
    const to = await addressOf(events, userId);
    // An account gone, or being deleted, is reminded of nothing.
    if (to === undefined) return;
    const reminder = await reminderOf(events, userId, job.id);
    if (reminder === undefined) throw new Error(`no reminder ${reminderId} recorded for its mail job ${job.id}`);
    const unsubscribe = await unsubscribeLink(tokens, publicUrl, userId);
    // RFC 8058: a mail client offers its own "Unsubscribe" and POSTs to the link, without opening it.
    const headers = { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    await mailer.send({ id: reminderId, userId, to, subject: reminder.subject, text: reminder.text + reminderFooter(publicUrl, unsubscribe), headers });
  };
