import type { AppEvent } from '../../../events/catalog.js';
import type { ReminderChannel, ReminderSettings } from '../../../contract/reminders/settings.js';

/** The help preferences (docs/product.md#what-input-is-accepted) that ask for a daily reminder. */
export const REMINDER_PREFERENCES: readonly string[] = ['Gentle reminders', 'Motivation check-ins'];

/** The hour reminders came at before anyone could choose one, and still come at for those who never did. */
export const DEFAULT_REMINDER_HOUR = 8;
export const EVERY_DAY: readonly number[] = [0, 1, 2, 3, 4, 5, 6];

/** What a user's stream says of their reminders: the help preferences, and the settings chosen, if ever. */
export interface ReminderChoice {
  asked: boolean;
  chosen: ReminderSettings | null;
}

export const initialReminderChoice: ReminderChoice = { asked: false, chosen: null };

/**
 * The one fold of a person's reminder settings, for the command side, the read model and the workers alike. Until
 * the person chooses, the help preferences decide, as they always did (08:00, every day, by mail); the first
 * `ReminderSettingsChanged` rules from then on.
 */
export function evolveReminderChoice(state: ReminderChoice, event: AppEvent): ReminderChoice {
  switch (event.type) {
    case 'UserSignedUp':
    case 'ProfileUpdated':
      return { ...state, asked: event.data.helpPreferences.some((p) => REMINDER_PREFERENCES.includes(p)) };
    case 'ReminderSettingsChanged': {
      const { enabled, hour, days, channels } = event.data;
      return { ...state, chosen: { enabled, hour, days, channels } };
    }
    case 'AccountDeletionStarted':
    case 'AccountDeleted':
      return initialReminderChoice;
    default:
      return state;
  }
}

export const reminderChoice = { initialState: initialReminderChoice, evolve: evolveReminderChoice };

/** The settings in force: the ones chosen, else those the help preferences give. */
export const settingsOf = (choice: ReminderChoice): ReminderSettings =>
  choice.chosen ?? { enabled: choice.asked, hour: DEFAULT_REMINDER_HOUR, days: [...EVERY_DAY], channels: ['email'] };

/** Days as stored: ascending, once each. */
export const normalDays = (days: readonly number[]): number[] => [...new Set(days)].sort((a, b) => a - b);

/** Channels as stored: in the contract's order, once each. */
export const normalChannels = (channels: readonly ReminderChannel[]): ReminderChannel[] =>
  (['email', 'push'] as const).filter((c) => channels.includes(c));

/** The cron pattern of someone's reminders: minute 0 of their hour, on their days (read in their zone by the runner). */
export function reminderPattern(settings: { hour: number; days: readonly number[] }): string {
  const days = normalDays(settings.days);
  return `0 ${settings.hour} * * ${days.length === EVERY_DAY.length ? '*' : days.join(',')}`;
}

/** A device that takes push: where to send, the keys to encrypt with, and the sign-in it lives as long as. */
export interface PushDevice {
  deviceId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  signInId: string;
}

/** The fold of `push-<userId>`: the devices subscribed now. */
export const pushDevices = {
  initialState: [] as PushDevice[],
  evolve(devices: PushDevice[], event: AppEvent): PushDevice[] {
    if (event.type === 'PushSubscribed') {
      const { deviceId, endpoint, p256dh, auth, signInId } = event.data;
      return [...devices.filter((d) => d.deviceId !== deviceId), { deviceId, endpoint, p256dh, auth, signInId }];
    }
    if (event.type === 'PushUnsubscribed') return devices.filter((d) => d.deviceId !== event.data.deviceId);
    return devices;
  },
};
