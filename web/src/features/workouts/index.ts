/** What other features may use of workouts; anything else in this folder is its own. */
export { EndSessionDialog, exerciseCount } from './EndSessionDialog';
export { doseOf } from './dose';
export { formatDuration, useSecondsTicker, wholeMinutes } from './sessionTimer';
export { type ActiveSession, useActiveSessionQuery, useSessionActionMutation, useRegimensQuery } from './workoutsApi';
