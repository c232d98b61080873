import { createHash } from 'node:crypto';
import { newEvent, type AppEvent, type AppNewEvent } from '../../../../events/catalog.js';
import { Rejected } from '../../../../events/rejected.js';
import type { PushRemovalReason } from '../../../../events/reminders.js';
import type { ReminderSettings } from '../../../../contract/reminders/settings.js';
import { evolveReminderChoice, initialReminderChoice, normalChannels, normalDays, settingsOf, type PushDevice, type ReminderChoice } from '../../../domain/reminders/settings.js';

/** What the user's stream says for reminders: whether the account takes commands, and the reminder choice. */
export interface ReminderAccount {
  exists: boolean;
  choice: ReminderChoice;
}

export const reminderAccount = {
  initialState: { exists: false, choice: initialReminderChoice } as ReminderAccount,
  evolve(state: ReminderAccount, event: AppEvent): ReminderAccount {
    const choice = evolveReminderChoice(state.choice, event);
    if (event.type === 'UserSignedUp') return { exists: true, choice };
    // An account being deleted takes no command: to this decider it is gone already.
    if (event.type === 'AccountDeletionStarted' || event.type === 'AccountDeleted') return { exists: false, choice };
    return choice === state.choice ? state : { ...state, choice };
  },
};

export interface ChooseReminders {
  userId: string;
  settings: ReminderSettings;
  via: 'settings' | 'unsubscribe-link';
}

/** The settings as chosen, stored whole; the same settings again record nothing. */
export function chooseReminders(state: ReminderAccount, { userId, settings, via }: ChooseReminders): AppNewEvent[] {
  if (!state.exists) throw new Rejected('not_found', 'No such user');
  const next = { enabled: settings.enabled, hour: settings.hour, days: normalDays(settings.days), channels: normalChannels(settings.channels) };
  if (next.days.length === 0) throw new Rejected('invalid', 'days must name at least one day');
  if (next.channels.length === 0) throw new Rejected('invalid', 'channels must name at least one channel');
  if (state.choice.chosen !== null && JSON.stringify(settingsOf(state.choice)) === JSON.stringify(next)) return [];
  return [newEvent('ReminderSettingsChanged', { userId, ...next, via })];
}

/** Reminders off, the rest kept (a mail's unsubscribe link); already off records nothing. */
export function turnRemindersOff(state: ReminderAccount, { userId }: { userId: string }): AppNewEvent[] {
  if (!state.exists) return [];
  const current = settingsOf(state.choice);
  if (!current.enabled) return [];
  return chooseReminders(state, { userId, settings: { ...current, enabled: false }, via: 'unsubscribe-link' });
}

/** A device is named by its endpoint, hashed: the id shows in the log, the endpoint is sealed. */
export const deviceIdOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 32);

export interface SubscribePush {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  signInId: string;
  now: string;
}

/** The device subscribes (again, when its keys or its sign-in changed); the same subscription again records nothing. */
export function subscribePush(devices: PushDevice[], command: SubscribePush): AppNewEvent[] {
  const { userId, endpoint, p256dh, auth, signInId, now } = command;
  const deviceId = deviceIdOf(endpoint);
  const known = devices.find((d) => d.deviceId === deviceId);
  if (known && known.p256dh === p256dh && known.auth === auth && known.signInId === signInId) return [];
  return [newEvent('PushSubscribed', { userId, deviceId, endpoint, p256dh, auth, signInId, subscribedAt: now })];
}

/** The device stops taking push; a device not subscribed is not an error (the browser may ask twice). */
export function unsubscribePush(devices: PushDevice[], command: { userId: string; deviceId: string; reason: PushRemovalReason; now: string }): AppNewEvent[] {
  if (!devices.some((d) => d.deviceId === command.deviceId)) return [];
  return [newEvent('PushUnsubscribed', { userId: command.userId, deviceId: command.deviceId, reason: command.reason, unsubscribedAt: command.now })];
}

/** Every device stops taking push (the account is being deleted). */
export const unsubscribeAllPush = (devices: PushDevice[], command: { userId: string; now: string }): AppNewEvent[] =>
  devices.flatMap((d) => unsubscribePush([d], { ...command, deviceId: d.deviceId, reason: 'account-deleted' }));
