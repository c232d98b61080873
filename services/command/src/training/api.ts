/** What other capabilities and the workers may use of training: regimens (a person's workout plans) and their sessions. */
export * from './regimens/api.js';
export * from './sessions/api.js';
