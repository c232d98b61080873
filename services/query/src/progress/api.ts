/**
 * What other slices (and the workers) may read of progress: the user's facts day by day, the calendar arithmetic
 * of weeks and streaks, and the login days' doc.
 */
export { addDays, daysBetween, mondayOf } from './calendar.js';
export { firstAndLast, UserDay } from './facts.js';
export { type LoginDaysDoc } from './loginDays.projection.js';
export { joinFacts, loadStoredFacts, loadUserFacts, type StoredFacts, type UserFacts } from './userFacts.js';
