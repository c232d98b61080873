/** What other capabilities and the workers may read of training: the records, regimens and sessions read models. */
export * from './records/api.js';
export * from './regimens/api.js';
export * from './sessions/api.js';
