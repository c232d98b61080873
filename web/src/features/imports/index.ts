/** What other features may use of imports; anything else in this folder is its own. */
export { downloadWithToken } from './download';
export { ExportWorkouts } from './ExportWorkouts';
export { ImportWorkouts } from './ImportWorkouts';
