/**
 * What a set of an exercise is measured in, by the kind of exercise: a weighted lift (load and reps), a body-weight
 * move (reps, with load only when some is added), a hold (seconds, load optional: a carry) or cardio (time, and
 * distance where there is one). Imports nothing, so the web client and the server share it.
 */
export const EXERCISE_KINDS = ['weighted', 'bodyweight', 'timed', 'distance'] as const;
export type ExerciseKind = (typeof EXERCISE_KINDS)[number];

export const DISTANCE_UNITS = ['km', 'mi'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

/** The international mile, exactly. */
export const KM_PER_MI = 1.609344;

/** A distance in km, for comparing distances entered in either unit (stored as entered, like weights). */
export const kmOf = (distance: number, unit: DistanceUnit) => (unit === 'mi' ? distance * KM_PER_MI : distance);
