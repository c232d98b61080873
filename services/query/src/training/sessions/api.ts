/** What other slices (and the workers) may read of sessions: the sessions by month, and the imported sessions' docs. */
export { applyToSession, exercisesLoggedIn, isWorkoutSession, SESSION_EVENTS, startedSession, type SessionDoc, type SessionFact, type UserSessions } from './sessionDoc.js';
export { openSessionsProjection } from './openSessions.projection.js';
export { sessionMonthsProjection, type SessionMonthDoc } from './sessionMonths.projection.js';
export { completedSessions, importedSession, importedSessionsProjection, type ImportedSessionsDoc } from './importedSessions.projection.js';
export { userSessions } from './sessionHistory.js';
export { countsAsWorkout } from '../../../../domain/training/workoutRule.js';
export { importedSpan } from './importedSpan.js';
