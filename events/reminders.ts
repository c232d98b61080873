import { z } from 'zod';
import { calendarDate, instant } from './bounds.js';

/** `today`: today's workout and next meal; `streak`: a nudge to keep (or start) the login streak. */
export const REMINDER_KINDS = ['today', 'streak'] as const;

/**
 * Stream `reminders-<userId>`: the daily reminders the workers sent (help preferences Gentle reminders or Motivation
 * check-ins). `reminderId` derives from the user and the local date, so a day never has two; the mail is sent from
 * this event.
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
  }),
};
