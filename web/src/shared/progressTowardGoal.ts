/**
 * docs/product.md#what-input-is-accepted "Progress toward goal": how far `current` has moved from `start` toward `target`, as a percentage clamped
 * to 0–100. 0 when any value is missing or the target is the start.
 */
export function progressTowardGoal(current: number | null | undefined, start: number | null | undefined, target: number | null | undefined): number {
  if (current == null || start == null || target == null || target === start) return 0;
  const share = target > start ? (current - start) / (target - start) : (start - current) / (start - target);
  return Math.min(100, Math.max(0, share * 100));
}

/** A progress bar can be drawn only when both the current value and the target are known (docs/product.md#what-input-is-accepted). */
export const canShowProgress = (current: number | null | undefined, target: number | null | undefined) => current != null && target != null;

/** Missing values read '--' (docs/product.md#what-input-is-accepted). */
export const orDashes = (value: number | string | null | undefined, unit = '') =>
  value == null || value === '' ? '--' : `${typeof value === 'number' ? Math.round(value * 10) / 10 : value}${unit}`;

/**
 * Workouts done this week against the weekly goal ('2 / 3'). The goal is the profile's weekly workouts; 0 means none
 * was set, which reads '--' like any other missing target, not a goal of zero.
 */
export const workoutsAgainstGoal = (done: number, goal: number) => `${done} / ${goal > 0 ? goal : '--'}`;
