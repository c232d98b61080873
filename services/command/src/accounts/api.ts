/** What other slices (and the workers) may use of accounts: an account as its stream has it. */
export { user, type User } from './user.js';
export * from './profile/api.js';
