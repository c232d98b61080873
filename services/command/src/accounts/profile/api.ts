/**
 * What other slices may use of the profile: its form fields (sign-up asks for the same ones) and the body
 * measurement a set of profile fields records.
 */
export { activityLevel, allergies, bounds, equipment, gender, gymExperience, helpPreferences, timeZone, units, weeklyWorkouts } from './fields.js';
export { measurementOf } from './decide.js';
