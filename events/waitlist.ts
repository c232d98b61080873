import { z } from 'zod';

export const waitlistEvents = {
  /** A visitor left an e-mail on the landing page; `email` is normalised (trimmed, lower case) as its stream is. */
  WaitlistJoined: z.object({
    email: z.string(),
    source: z.string(),
    joinedAt: z.iso.datetime(),
  }),
  /** The address's account was deleted: the entry leaves the waitlist (its address was sealed, and is forgotten). */
  WaitlistLeft: z.object({ leftAt: z.iso.datetime() }),
};
