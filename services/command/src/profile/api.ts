/**
 * What other slices may use of the profile: its form fields (sign-up asks for the same ones) and the body
 * measurement a set of profile fields records.
 */
export { activityLevel, bounds, gender, gymExperience, helpPreferences, timeZone, weeklyWorkouts } from './fields.js';
export { measurementOf } from './decide.js';
