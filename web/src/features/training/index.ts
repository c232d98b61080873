/** What app/ composes into other features' pages; anything else in this folder is training's own. */
export { RecentRecords } from './records/RecentRecords';
/** The records' panel (its e1RM chart draws with d3), loaded only where it is shown: the progress page's Strength tab. */
export const loadStrengthPanel = () => import('./records/StrengthPanel');
export { useRegimensQuery } from './regimens/workoutsApi';
export { SessionInProgress, useSessionInProgress } from './regimens/SessionInProgress';
