/** What other slices (and the workers) may read of sessions: the sessions by month, and the imported sessions' docs. */
export { exercisesLoggedIn, isWorkoutSession, type SessionDoc, type UserSessions } from './sessionDoc.js';
export { openSessionsProjection } from './openSessions.projection.js';
export { sessionMonthsProjection, type SessionMonthDoc } from './sessionMonths.projection.js';
export { completedSessions, importedSessionsProjection, type ImportedSessionsDoc } from './importedSessions.projection.js';
export { readShownSessions, userSessions } from './sessionHistory.js';
export { countsAsWorkout } from '../../../../domain/training/workoutRule.js';
export { importedSpan } from './importedSpan.js';
