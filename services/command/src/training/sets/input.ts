import { z } from 'zod';
import { MAX_WEIGHT } from '../../../../../events/bounds.js';
import { idField, text, wholeNumber } from '../../fields.js';
import { exerciseIdentity } from '../../../../domain/training/exerciseIdentity.js';
import type { SetEntry } from './decide.js';

/** Far above any real lift in either unit (events/bounds.ts). */
const weight = (what: string, max: number) =>
  z.number({ error: `${what} must be a number` }).min(0, `${what} must be at least 0`).max(max, `${what} must be at most ${max}`);

export const logSetInput = z
  .object({
    sessionId: idField('sessionId'),
    exercise: text('exercise', 100),
    weightLb: weight('weightLb', MAX_WEIGHT.lb).optional(),
    weightKg: weight('weightKg', MAX_WEIGHT.kg).optional(),
    reps: wholeNumber('reps', 1, 100),
    rpe: z.number({ error: 'rpe must be a number' }).min(1, 'rpe must be between 1 and 10').max(10, 'rpe must be between 1 and 10').multipleOf(0.5, 'rpe must be a whole or half number').nullable().optional(),
    warmup: z.boolean({ error: 'warmup must be true or false' }).optional(),
  })
  .strict()
  .refine((b) => (b.weightLb === undefined) !== (b.weightKg === undefined), { message: 'Give the weight once: weightLb or weightKg' });

/** The body as the entry the decider logs: the weight kept in the unit it came in. */
export const entryOfSet = (b: z.infer<typeof logSetInput>): SetEntry => ({
  exercise: exerciseIdentity(b.exercise),
  said: b.exercise.trim().replace(/\s+/g, ' '),
  weight: b.weightKg ?? b.weightLb!,
  unit: b.weightKg === undefined ? 'lb' : 'kg',
  reps: b.reps,
  rpe: b.rpe ?? null,
  warmup: b.warmup ?? false,
});
