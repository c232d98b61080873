/** What other slices (and the workers) may read of sessions: the workout sessions doc and the imported sessions' docs. */
export { workoutSessionsProjection, type SessionDoc, type WorkoutSessionsDoc } from './workoutSessions.projection.js';
export { completedSessions, importedSessionsProjection, withImportedSessions, type ImportedSessionsDoc } from './importedSessions.projection.js';
export { countsAsWorkout } from './workoutRule.js';
export { importedSpan } from './importedSpan.js';
