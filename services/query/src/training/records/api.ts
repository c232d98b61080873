/** What other slices may use of records: the records doc and the next-session target a plan's workout carries. */
export { withTarget } from './answers.js';
export { recordsProjection, type Records } from './records.projection.js';
export { readRecords } from './read.js';
export { exerciseMergesProjection, type ExerciseMergesDoc } from './exerciseMerges.projection.js';
