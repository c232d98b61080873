/**
 * What other slices (and the workers) may read of progress: the user's facts day by day, the calendar arithmetic
 * of weeks and streaks, and the activity doc (the days a person showed up).
 */
export { addDays, daysBetween, mondayOf } from './calendar.js';
export { firstAndLast, UserDay } from './facts.js';
export { type ActivityDoc } from './activity.projection.js';
export { factsOf, loadUserFacts, primaryMealPlanKey, readScreens, type UserFacts } from './userFacts.js';
export { screensProjection, type ScreensDoc } from './screens.projection.js';
