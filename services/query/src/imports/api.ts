/** What other capabilities and the workers may read of imports and exports: a person's facts as of a past date. */
export * from './export/api.js';
