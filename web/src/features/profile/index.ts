/** What other features may use of profile; anything else in this folder is its own. */
export { todayDate, useProfileInstant, useProfileToday, useProfileTodayDate } from './useProfileToday';
