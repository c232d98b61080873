import { z } from 'zod';
import { MAX_WEIGHT, TRAINING } from '../../../../../events/bounds.js';
import { idField, text, wholeNumber } from '../../fields.js';
import { exerciseIdentity } from '../../../../domain/training/exerciseIdentity.js';
import type { SetEntry } from './decide.js';

/** Far above any real lift in either unit (events/bounds.ts). */
const weight = (what: string, max: number) =>
  z.number({ error: `${what} must be a number` }).min(0, `${what} must be at least 0`).max(max, `${what} must be at most ${max}`);

const distance = (what: string) =>
  z.number({ error: `${what} must be a number` }).min(0, `${what} must be at least 0`).max(TRAINING.distance, `${what} must be at most ${TRAINING.distance}`);

/**
 * A set: only what was done, each part optional here; which parts the exercise needs is its kind's rule, decided
 * with the set (`misfit`, services/domain/training/kinds.ts).
 */
export const logSetInput = z
  .object({
    sessionId: idField('sessionId'),
    exercise: text('exercise', 100),
    weightLb: weight('weightLb', MAX_WEIGHT.lb).optional(),
    weightKg: weight('weightKg', MAX_WEIGHT.kg).optional(),
    reps: wholeNumber('reps', 1, 100).optional(),
    seconds: wholeNumber('seconds', 1, TRAINING.setSeconds).optional(),
    distanceKm: distance('distanceKm').optional(),
    distanceMi: distance('distanceMi').optional(),
    rpe: z.number({ error: 'rpe must be a number' }).min(1, 'rpe must be between 1 and 10').max(10, 'rpe must be between 1 and 10').multipleOf(0.5, 'rpe must be a whole or half number').nullable().optional(),
    warmup: z.boolean({ error: 'warmup must be true or false' }).optional(),
  })
  .strict()
  .refine((b) => b.weightLb === undefined || b.weightKg === undefined, { message: 'Give the weight once: weightLb or weightKg' })
  .refine((b) => b.distanceKm === undefined || b.distanceMi === undefined, { message: 'Give the distance once: distanceKm or distanceMi' });

/** The body as the entry the decider logs: weight and distance kept in the unit they came in. */
export const entryOfSet = (b: z.infer<typeof logSetInput>): SetEntry => ({
  exercise: exerciseIdentity(b.exercise),
  said: b.exercise.trim().replace(/\s+/g, ' '),
  ...(b.weightKg !== undefined ? { weight: { value: b.weightKg, unit: 'kg' as const } } : b.weightLb !== undefined ? { weight: { value: b.weightLb, unit: 'lb' as const } } : {}),
  ...(b.reps !== undefined && { reps: b.reps }),
  ...(b.seconds !== undefined && { seconds: b.seconds }),
  ...(b.distanceKm !== undefined ? { distance: { value: b.distanceKm, unit: 'km' as const } } : b.distanceMi !== undefined ? { distance: { value: b.distanceMi, unit: 'mi' as const } } : {}),
  rpe: b.rpe ?? null,
  warmup: b.warmup ?? false,
});
