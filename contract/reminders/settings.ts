/**
 * Reminder settings on the wire, written once for both sides: GET and PUT /api/reminders, and the push subscription
 * a device sends. Importing nothing, so the web build takes nothing else from the server.
 */

/** How a reminder reaches the person: a mail, or a Web Push notification on each device that turned push on. */
export const REMINDER_CHANNELS = ['email', 'push'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** What a person chooses: whether, at which hour of their zone, on which days (Sunday 0), and how. */
export interface ReminderSettings {
  enabled: boolean;
  hour: number;
  days: number[];
  channels: ReminderChannel[];
}

/** GET /api/reminders: the settings, the zone the hour is read in, and what a device needs to turn push on. */
export interface ReminderSettingsAnswer extends ReminderSettings {
  timeZone: string;
  /** Reminders go to subscribers: false says the settings wait for a subscription. */
  subscribed: boolean;
  /** The VAPID public key (base64url) a device subscribes with. */
  pushPublicKey: string;
  /** How many of the person's devices take push now. */
  pushDevices: number;
}

/** POST /api/push-subscriptions: the browser's PushSubscription, as its toJSON() gives it. */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Where tapping a reminder's notification leads. */
export const REMINDER_SCREEN = '/dashboard';
