/**
 * What other slices (and the workers) may read of history: the user's facts as of a past date, replayed from the
 * log.
 */
export { userFactsAsOf } from './userHistory.js';
