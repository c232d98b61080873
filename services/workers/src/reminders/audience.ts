import type { AppEvent } from '../../../../events/catalog.js';
import type { EventLog } from '../../../../events/store/port.js';
import { subscriptionStream, userStream } from '../../../../events/streams.js';
import type { ProfileFields } from '../../../../events/user.js';
import type { ReminderChannel } from '../../../../contract/reminders/settings.js';
import { user } from '../../../command/src/accounts/api.js';
import { load } from '../../../command/src/execute.js';
import { evolveReminderChoice, initialReminderChoice, settingsOf } from '../../../domain/reminders/settings.js';

const subscribed = {
  initialState: false,
  evolve: (active: boolean, event: AppEvent): boolean =>
    event.type === 'SubscriptionActivated' ? true : event.type === 'SubscriptionCancelled' || event.type === 'SubscriptionEnded' ? false : active,
};

const choiceOf = { initialState: initialReminderChoice, evolve: evolveReminderChoice };

export interface ReminderAudience {
  userId: string;
  email: string;
  name: string;
  timeZone: string;
  preferences: ProfileFields['helpPreferences'];
  hour: number;
  days: number[];
  channels: ReminderChannel[];
}

/**
 * Who gets a reminder, and when and how, read from the log (not a read model, which may not have caught up with the
 * event that asked): an account with an active subscription whose reminders are on. Undefined for anyone else.
 */
export async function reminderAudience(events: EventLog, userId: string): Promise<ReminderAudience | undefined> {
  const [account, choice, subscription] = await Promise.all([
    load(events, userStream(userId), user),
    load(events, userStream(userId), choiceOf),
    load(events, subscriptionStream(userId), subscribed),
  ]);
  if (account.state.status === 'none' || !subscription.state) return undefined;
  const settings = settingsOf(choice.state);
  if (!settings.enabled) return undefined;
  const { profile, email } = account.state;
  return { userId, email, name: profile.name, timeZone: profile.timeZone, preferences: profile.helpPreferences, hour: settings.hour, days: settings.days, channels: settings.channels };
}
