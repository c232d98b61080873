/** What other features may use of dashboard; anything else in this folder is its own. */
export { ProgressBar } from './ProgressBar';
export { WeekBoxes } from './WeekBoxes';
export { orDashes, workoutsAgainstGoal } from './progressTowardGoal';
