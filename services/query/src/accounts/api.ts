/** What other capabilities and the workers may read of accounts: the profile and measurements docs. */
export * from './profile/api.js';
