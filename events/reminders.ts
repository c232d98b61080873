import { z } from 'zod';
import { calendarDate, instant, whole } from './bounds.js';
import { REMINDER_CHANNELS } from '../contract/reminders/settings.js';

/** `today`: today's workout and next meal; `streak`: a nudge to keep (or start) the login streak. */
export const REMINDER_KINDS = ['today', 'streak'] as const;

const channel = z.enum(REMINDER_CHANNELS);

/** Why a device stops taking push. */
export const PUSH_REMOVAL_REASONS = ['device', 'signed-out', 'gone', 'account-deleted'] as const;
export type PushRemovalReason = (typeof PUSH_REMOVAL_REASONS)[number];

/**
 * Stream `reminders-<userId>`: the daily reminders the workers sent. `reminderId` derives from the user and the local
 * date, so a day never has two; the mail and the push are sent from this event, on its `channels` (absent in
 * reminders recorded before push existed: those went by mail).
 */
export const reminderEvents = {
  ReminderSent: z.object({
    userId: z.string().min(1),
    reminderId: z.string().min(1),
    kind: z.enum(REMINDER_KINDS),
    /** The user's calendar date the reminder is for (YYYY-MM-DD, in their time zone). */
    localDate: calendarDate,
    subject: z.string().min(1),
    text: z.string().min(1),
    sentAt: instant,
    channels: z.array(channel).min(1).max(REMINDER_CHANNELS.length).optional(),
  }),
  /**
   * On the user's stream: the reminders the person chose on /prof (or turned off from a mail's link: `via`), whole,
   * so a reader never merges. Before the first of these a person has the reminders their help preferences ask for.
   */
  ReminderSettingsChanged: z.object({
    userId: z.string().min(1),
    enabled: z.boolean(),
    /** The hour of the day, in the profile's time zone. */
    hour: whole(0, 23),
    /** Days of the week, Sunday 0, ascending, no repeats. */
    days: z.array(whole(0, 6)).min(1).max(7),
    channels: z.array(channel).min(1).max(REMINDER_CHANNELS.length),
    via: z.enum(['settings', 'unsubscribe-link']),
  }),
};

/**
 * Stream `push-<userId>`: the person's devices that take Web Push, one per endpoint (`deviceId` is a hash of it).
 * A device lives as long as the sign-in that subscribed it (`signInId`).
 */
export const pushEvents = {
  PushSubscribed: z.object({
    userId: z.string().min(1),
    deviceId: z.string().min(1),
    /** The push service's URL for this device, and the keys that encrypt for it: personal, sealed. */
    endpoint: z.string().min(1),
    p256dh: z.string().min(1),
    auth: z.string().min(1),
    signInId: z.string().min(1),
    subscribedAt: instant,
  }),
  /**
   * `device`: the person turned push off there; `signed-out`: its sign-in ended; `gone`: the push service said so;
   * `account-deleted`: the account is being deleted (every device).
   */
  PushUnsubscribed: z.object({
    userId: z.string().min(1),
    deviceId: z.string().min(1),
    reason: z.enum(PUSH_REMOVAL_REASONS),
    unsubscribedAt: instant,
  }),
};
