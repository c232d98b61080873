/** What other slices may use of records: the records doc and the next-session target a plan's workout carries. */
export { withTarget } from './answers.js';
export { recordsProjection, type RecordsDoc } from './records.projection.js';
export { exerciseMergesProjection, type ExerciseMergesDoc } from './exerciseMerges.projection.js';
