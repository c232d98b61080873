/**
 * When a workout session counts as a workout: it was ended, and at least one exercise was logged in it. A session
 * started and ended with nothing logged (by mistake, a look at the timer) stays in the log as a fact but counts nowhere
 * (docs/adr/0064-a-workout-is-a-session-with-something-logged.md). The one rule the dashboard, /prog and the staff
 * analytics apply.
 */
export function countsAsWorkout(session: { ended: boolean; exercisesLogged: number }): boolean {
  return session.ended && session.exercisesLogged > 0;
}
