import type { AppEvent } from '../../../../events/catalog.js';
import type { ReminderSettings } from '../../../../contract/reminders/settings.js';
import { evolveReminderChoice, initialReminderChoice, settingsOf, type ReminderChoice } from '../../../domain/reminders/settings.js';
import type { Projection } from '../projection.js';

/** One user's reminders: the choice (help preferences, or the settings chosen) and the devices that take push. */
export interface ReminderSettingsDoc {
  user_id: string;
  choice: ReminderChoice;
  push_devices: string[];
}

export const reminderSettingsProjection: Projection<ReminderSettingsDoc> = {
  name: 'reminderSettings',
  // 2: a device's removal after the account's deletion no longer makes an empty doc for the person.
  version: 2,
  handles: ['UserSignedUp', 'ProfileUpdated', 'ReminderSettingsChanged', 'PushSubscribed', 'PushUnsubscribed', 'AccountDeleted'],
  erases: (event) => (event.type === 'AccountDeleted' ? event.data.userId : undefined),
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event: AppEvent) {
    // A removal with nothing kept (the account's deletion erased the doc first) keeps nothing.
    if (event.type === 'PushUnsubscribed' && doc === undefined) return undefined;
    const userId = (event.data as { userId: string }).userId;
    const current = doc ?? { user_id: userId, choice: initialReminderChoice, push_devices: [] };
    if (event.type === 'PushSubscribed') {
      return current.push_devices.includes(event.data.deviceId) ? current : { ...current, push_devices: [...current.push_devices, event.data.deviceId] };
    }
    if (event.type === 'PushUnsubscribed') return { ...current, push_devices: current.push_devices.filter((d) => d !== event.data.deviceId) };
    const choice = evolveReminderChoice(current.choice, event);
    return choice === current.choice ? current : { ...current, choice };
  },
};

/** The settings in force for the doc (none yet: those of a person who never asked). */
export const settingsOfDoc = (doc: ReminderSettingsDoc | undefined): ReminderSettings => settingsOf(doc?.choice ?? initialReminderChoice);
