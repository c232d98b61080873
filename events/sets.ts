import { z } from 'zod';
import { WEIGHT_UNITS, type WeightUnit } from '../contract/weightUnits.js';
import { DISTANCE_UNITS } from '../contract/training/exerciseKinds.js';
import { amount, instant, MAX_WEIGHT, TRAINING, whole } from './bounds.js';

const id = z.string().min(1);
const at = instant;

/** A weight is bounded in the unit it was entered in (`MAX_WEIGHT`): the field alone holds the larger, lb, bound. */
export const withinWeight = ({ weight, unit }: { weight?: number; unit?: WeightUnit }, ctx: z.RefinementCtx) => {
  if (weight !== undefined && unit !== undefined && weight > MAX_WEIGHT[unit]) ctx.addIssue({ code: 'custom', path: ['weight'], message: `must be at most ${MAX_WEIGHT[unit]} ${unit}` });
};

/**
 * Set-by-set logging, on the session's own stream (`sessionStream`), beside the spec's whole-exercise
 * `ExerciseLogged`. A set names its exercise by identity (catalog or custom), never by a plan's workout id.
 */
export const setEvents = {
  SetLogged: z
    .object({
      sessionId: id,
      userId: id,
      /** `<sessionId>-s<n>`: the session it belongs to can be read from the id alone. */
      setId: id,
      /**
       * The exercise's identity key; `exerciseName` the name the person gave it (sets logged before names were kept
       * as given hold the identity's name then).
       */
      exercise: id,
      exerciseName: z.string().min(1),
      custom: z.boolean(),
      /**
       * Only what was done (docs/adr/0078-sets-carry-what-their-exercise-kind-measures.md): a loaded set has `weight`
       * and `unit`, a body-weight one only its reps, a hold its `seconds`, cardio `seconds` and a `distance` in its
       * unit. Sets logged before kinds all have weight, unit and reps.
       */
      weight: amount(0, MAX_WEIGHT.lb).optional(),
      unit: z.enum(WEIGHT_UNITS).optional(),
      reps: whole(1, TRAINING.reps).optional(),
      seconds: whole(1, TRAINING.setSeconds).optional(),
      distance: amount(0, TRAINING.distance).optional(),
      distanceUnit: z.enum(DISTANCE_UNITS).optional(),
      rpe: amount(1, TRAINING.rpe).nullable(),
      warmup: z.boolean(),
      loggedAt: at,
    })
    .superRefine(withinWeight)
    .refine((d) => (d.weight === undefined) === (d.unit === undefined), { message: 'a weight has its unit', path: ['unit'] })
    .refine((d) => (d.distance === undefined) === (d.distanceUnit === undefined), { message: 'a distance has its unit', path: ['distanceUnit'] })
    .refine((d) => d.reps !== undefined || d.seconds !== undefined, { message: 'a set has reps or seconds', path: ['reps'] }),
  /**
   * A set taken back while its session is still open; `exercise` and `loggedAt` (the set's) so a reader keyed by
   * exercise and month finds it.
   */
  SetDeleted: z.object({ sessionId: id, userId: id, setId: id, exercise: id, loggedAt: at, deletedAt: at }),
};

/** The set id of the `n`th set logged in a session (deleted ones keep their numbers). */
export const setIdOf = (sessionId: string, n: number) => `${sessionId}-s${n}`;
/** The session a set id was handed out in, or undefined for an id of any other shape. */
export const sessionOfSet = (setId: string) => /^(.+)-s\d{1,6}$/.exec(setId)?.[1];
