import { z } from 'zod';
import { instant, TRAINING } from './bounds.js';

const id = z.string().min(1);
/** An exercise's identity key (services/domain/training/exerciseIdentity.ts): a catalog key or a custom one. */
const key = z.string().min(1).max(TRAINING.exerciseKey);

/**
 * A person's own exercises, on the user's `exercises-<id>` stream: named in the app, and joined to another (and
 * parted again). A merge changes only what is read: the sets keep the key they were logged under, and readers map
 * keys through the merges.
 */
export const exerciseEvents = {
  /**
   * The custom exercise `exercise` first logged in the app: it counts against the exercises of their own a person may
   * have (`TRAINING.customExercises`).
   */
  CustomExerciseNamed: z.object({ userId: id, exercise: key, namedAt: instant }),
  /** The custom exercise `exercise` is read as `into` (a catalog or another custom exercise) from now on. */
  CustomExerciseMerged: z.object({ userId: id, exercise: key, into: key, mergedAt: instant }),
  /** A merge undone: `exercise` is its own exercise again. */
  CustomExerciseSplit: z.object({ userId: id, exercise: key, splitAt: instant }),
};
