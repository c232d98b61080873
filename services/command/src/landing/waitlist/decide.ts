import { newEvent, type AppNewEvent } from '../../../../../events/catalog.js';
import { normalizeEmail } from '../../../../../events/streams.js';
import type { WaitlistEntry } from './waitlistEntry.js';

export interface JoinWaitlist {
  email: string;
  source: string;
  now: string;
}

/** Joining twice is not an error and keeps the first entry (its date and source): the visitor is on the list either way. */
export function joinWaitlist(state: WaitlistEntry, { email, source, now }: JoinWaitlist): AppNewEvent[] {
  if (state.joined) return [];
  return [newEvent('WaitlistJoined', { email: normalizeEmail(email), source, joinedAt: now })];
}

/** The address's account is deleted: its entry leaves the waitlist. */
export function leaveWaitlist(state: WaitlistEntry, { now }: { now: string }): AppNewEvent[] {
  return state.joined ? [newEvent('WaitlistLeft', { leftAt: now })] : [];
}
