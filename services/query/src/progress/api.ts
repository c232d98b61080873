/**
 * What other slices (and the workers) may read of progress: the user's facts day by day, the calendar arithmetic
 * of weeks and streaks, and the logins doc.
 */
export { addDays, daysBetween, mondayOf } from './calendar.js';
export { firstAndLast, UserDay } from './facts.js';
export { type LoginsDoc } from './logins.projection.js';
export { joinFacts, loadStoredFacts, loadUserFacts, type StoredFacts, type UserFacts } from './userFacts.js';
