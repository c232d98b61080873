/** What other features may use of profile; anything else in this folder is its own. */
export { useGetProfileQuery } from './profileApi';
export { todayDate, useProfileInstant, useProfileToday, useProfileTodayDate } from './useProfileToday';
