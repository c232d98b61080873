/** What other slices (and the workers) may read of sessions: the workout sessions doc. */
export { workoutSessionsProjection, type SessionDoc, type WorkoutSessionsDoc } from './workoutSessions.projection.js';
export { countsAsWorkout } from './workoutRule.js';
