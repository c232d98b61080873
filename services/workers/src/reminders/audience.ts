import type { AppEvent } from '../../../../events/catalog.js';
import type { EventLog } from '../../../../events/store/port.js';
import { subscriptionStream, userStream } from '../../../../events/streams.js';
import type { ProfileFields } from '../../../../events/user.js';
import { user } from '../../../command/src/accounts/api.js';
import { load } from '../../../command/src/execute.js';

/** The help preferences (docs/product.md#what-input-is-accepted) that ask for a daily reminder. */
export const REMINDER_PREFERENCES: readonly string[] = ['Gentle reminders', 'Motivation check-ins'];

const subscribed = {
  initialState: false,
  evolve: (active: boolean, event: AppEvent): boolean =>
    event.type === 'SubscriptionActivated' ? true : event.type === 'SubscriptionCancelled' || event.type === 'SubscriptionEnded' ? false : active,
};

export interface ReminderSettings {
  userId: string;
  email: string;
  name: string;
  timeZone: string;
  preferences: ProfileFields['helpPreferences'];
}

/**
 * Who gets a daily reminder, read from the log (not a read model, which may not have caught up with the event that
 * asked): an account with an active subscription whose help preferences ask for one. Undefined for anyone else.
 */
export async function reminderSettings(events: EventLog, userId: string): Promise<ReminderSettings | undefined> {
  const [account, subscription] = await Promise.all([load(events, userStream(userId), user), load(events, subscriptionStream(userId), subscribed)]);
  if (account.state.status === 'none' || !subscription.state) return undefined;
  const { profile, email } = account.state;
  if (!profile.helpPreferences.some((p) => REMINDER_PREFERENCES.includes(p))) return undefined;
  return { userId, email, name: profile.name, timeZone: profile.timeZone, preferences: profile.helpPreferences };
}
