/**
 * What other slices (and the workers) may read of workouts: the regimens docs and their projections, and the
 * summary of a regimen day.
 */
export { daySummary } from './daySummary.js';
export { joinRegimens, type RegimenDoc, type RegimenListDoc, regimenKey, regimenListsProjection, type RegimensDoc, regimensProjection } from './regimens.projection.js';
