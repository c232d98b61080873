import type { Projection } from './projection.js';
import { measurementsProjection } from './profile/measurements.projection.js';
import { profilesProjection } from './profile/profiles.projection.js';

/** Every read model the query side keeps; the projector and `npm run replay` run exactly these. */
export const projections: Projection[] = [profilesProjection, measurementsProjection] as Projection[];
