/**
 * Where a plan stands after a workout: the next workout day is the one after the last one done, whatever the date,
 * so a day not trained is offered again, never skipped (docs/adr/0076-the-workout-plan-follows-the-workouts-done.md).
 * The write side's fold and the read side's projection both move by this rule.
 * - `dayDone`: the day the workout was on; `dayCount`: the days of one cycle; `doneInCycle`: the days already done
 *   in the current cycle by a workout.
 * - After the last day: a cycle with every day done stays complete (the dashboard offers Restart); one with a day
 *   left out (skipped with "Proceed") starts a new cycle at day 1.
 */
export function dayAfterWorkout(dayCount: number, dayDone: number, doneInCycle: readonly number[]): { currentDay: number; newCycle: boolean } {
  if (dayDone < dayCount) return { currentDay: dayDone + 1, newCycle: false };
  const done = new Set([...doneInCycle, dayDone]);
  for (let day = 1; day <= dayCount; day += 1) if (!done.has(day)) return { currentDay: 1, newCycle: true };
  return { currentDay: dayDone, newCycle: false };
}

