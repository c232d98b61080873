import { z } from 'zod';
import { WEIGHT_UNITS, type WeightUnit } from '../contract/weightUnits.js';
import { amount, instant, MAX_WEIGHT, TRAINING, whole } from './bounds.js';

const id = z.string().min(1);
const at = instant;

/** A weight is bounded in the unit it was entered in (`MAX_WEIGHT`): the field alone holds the larger, lb, bound. */
export const withinWeight = ({ weight, unit }: { weight: number; unit: WeightUnit }, ctx: z.RefinementCtx) => {
  if (weight > MAX_WEIGHT[unit]) ctx.addIssue({ code: 'custom', path: ['weight'], message: `must be at most ${MAX_WEIGHT[unit]} ${unit}` });
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
      weight: amount(0, MAX_WEIGHT.lb),
      unit: z.enum(WEIGHT_UNITS),
      reps: whole(1, TRAINING.reps),
      rpe: amount(1, TRAINING.rpe).nullable(),
      warmup: z.boolean(),
      loggedAt: at,
    })
    .superRefine(withinWeight),
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
