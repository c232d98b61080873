import { z } from 'zod';
import { BODY } from '../../../../../events/bounds.js';
import { ACTIVITY_LEVELS, EQUIPMENT, GENDERS, HELP_PREFERENCES, UNITS } from '../../../../../events/user.js';
import { blankToNull, optionalText } from '../../fields.js';
import { isKnownZone } from '../../../../platform/time.js';

export const gender = z.enum(GENDERS, { error: `must be one of ${GENDERS.join(', ')}` });
export const activityLevel = z.enum(ACTIVITY_LEVELS, {
  error: (issue) => (issue.input === undefined ? 'activity level is required' : `must be one of: ${ACTIVITY_LEVELS.join('; ')}`),
});
export const helpPreferences = z
  .array(z.enum(HELP_PREFERENCES, { error: `each must be one of: ${HELP_PREFERENCES.join('; ')}` }))
  .max(HELP_PREFERENCES.length)
  .transform((list) => [...new Set(list)]);

/** Where plans are trained: 'gym', 'dumbbells' (home with dumbbells) or 'bodyweight' (body weight only); empty clears. */
export const equipment = z.preprocess(
  (v) => (v === '' ? null : v),
  z.enum(EQUIPMENT, { error: `equipment must be one of: ${EQUIPMENT.join(', ')}` }).nullable().optional(),
);
/** How weights are shown: 'lb' or 'kg'; empty clears. */
export const units = z.preprocess((v) => (v === '' ? null : v), z.enum(UNITS, { error: `units must be one of: ${UNITS.join(', ')}` }).nullable().optional());

/** Allergies as the forms send them: one text, or a list of names kept as one text (a list of anything else is refused). */
export const allergies = z.preprocess(
  (v) => (Array.isArray(v) && v.every((item) => typeof item === 'string') ? v.join(', ') : v),
  optionalText(500),
);

export const gymExperience = z.number({ error: 'must be a number' }).min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
export const weeklyWorkouts = z.preprocess(
  blankToNull,
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(BODY.weeklyWorkouts[0], `must be at least ${BODY.weeklyWorkouts[0]}`)
    .max(BODY.weeklyWorkouts[1], `must be at most ${BODY.weeklyWorkouts[1]}`)
    .nullable()
    .optional(),
);

/** An IANA zone name the runtime knows ("Europe/Berlin"); today, this week and streaks are counted in it. */
export const timeZone = z
  .string({ error: 'must be an IANA time zone name' })
  .max(64)
  .refine(isKnownZone, 'must be an IANA time zone name such as Europe/Berlin');

/** The body numbers the spec's units imply (lb, inches, percent), with bounds no real person is outside of. */
export const bounds = BODY;
