/**
 * How much of an exercise to do, in words. A timed piece (cardio, "(20 min, easy pace)"; a hold, "(30 s hold)") is
 * written with one rep per set and its time in its name: it reads as sets alone, or nothing when done once, never
 * "Sets 1 Reps 1" or "2×1".
 */
export function doseOf({ sets, reps }: { sets: number; reps: number | string }): string | null {
  if (String(reps) !== '1') return `${sets}×${reps}`;
  return sets > 1 ? `${sets} sets` : null;
}

/** Whether the exercise is a timed piece: its reps are 1 and its time is in its name. */
export const isTimed = (reps: number | string) => String(reps) === '1';
