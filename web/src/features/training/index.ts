/** What app/ composes into other features' pages; anything else in this folder is training's own. */
export { RecentRecords } from './records/RecentRecords';
export { StrengthPanel } from './records/StrengthPanel';
export { useRegimensQuery } from './regimens/workoutsApi';
export { SessionInProgress, useSessionInProgress } from './regimens/SessionInProgress';
