import { z } from 'zod';
import { instant } from './bounds.js';

export const waitlistEvents = {
  /** A visitor left an e-mail on the landing page; `email` is normalised (trimmed, lower case) as its stream is. */
  WaitlistJoined: z.object({
    email: z.string(),
    source: z.string(),
    joinedAt: instant,
  }),
  /** The address's account was deleted: the entry leaves the waitlist (its address was sealed, and is forgotten). */
  WaitlistLeft: z.object({ leftAt: instant }),
};
