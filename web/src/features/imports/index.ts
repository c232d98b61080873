/** What app/ composes into the profile page; anything else in this folder is its own. */
export { ImportWorkouts } from './ImportWorkouts';
export { YourData } from './YourData';
