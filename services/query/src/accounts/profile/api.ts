/**
 * What other slices (and the workers) may read of profile: the profile doc, the measurements doc, and the profile
 * as the answer shows it.
 */
export { type Measurement, type MeasurementsDoc } from './measurements.projection.js';
export { profileOfAnswer } from './profileFields.js';
export { type ProfileDoc, profilesProjection } from './profiles.projection.js';
