import { waitlistStream } from '../../../../../events/streams.js';
import { execute, type CommandContext } from '../../execute.js';
import { leaveWaitlist } from './decide.js';
import { waitlistEntry } from './waitlistEntry.js';

/** The key subject of an address's waitlist entry (events/personal.ts): its stream. */
export const waitlistSubject = (email: string) => waitlistStream(email);

/** Takes the address off the waitlist (its account is deleted); nothing when it never joined. */
export async function leaveWaitlistWith(ctx: CommandContext, email: string, now: string): Promise<void> {
  await execute(ctx, waitlistStream(email), waitlistEntry, (state) => leaveWaitlist(state, { now }));
}
