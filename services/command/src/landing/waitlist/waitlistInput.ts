import { z } from 'zod';

export const DEFAULT_SOURCE = 'landing';

/** POST /api/waitlist. Messages are the sentences the landing page shows (see `parseForm`). */
export const waitlistInput = z
  .object({
    email: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      z
        .string({ error: 'Please enter your e-mail address' })
        .min(1, 'Please enter your e-mail address')
        .max(254, 'Please enter a valid e-mail address')
        .pipe(z.email('Please enter a valid e-mail address')),
    ),
    // Where on the site the form was: the landing page sends 'landing'. Left out or blank means that too.
    source: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined)),
      z
        .string({ error: 'The source must be text' })
        .max(50, 'The source must be at most 50 characters')
        .regex(/^[\w .:/-]+$/, 'The source may only hold letters, digits, spaces and _ . : / -')
        .default(DEFAULT_SOURCE),
    ),
  })
  .strict();

export const WAITLIST_FIELDS = ['email', 'source'] as const;
