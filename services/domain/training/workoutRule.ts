/**
 * When a workout session counts as a workout: it was ended, and at least one exercise was logged in it, warm-ups
 * aside (exercises counted by `exercisesIn`, setFacts.ts). A session started and ended with nothing logged (by
 * mistake, a look at the timer, a warm-up and no more) stays in the log as a fact but counts nowhere
 * (docs/adr/0064-a-workout-is-a-session-with-something-logged.md). The one rule: the write side decides by it whether
 * a session's end moves the plan on (`RegimenDayCompleted`'s `workout`), and the dashboard, /prog and the staff
 * analytics count and list workouts by it.
 */
export function countsAsWorkout(session: { ended: boolean; exercisesLogged: number }): boolean {
  return session.ended && session.exercisesLogged > 0;
}
