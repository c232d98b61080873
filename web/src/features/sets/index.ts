/** What other features may use of sets; anything else in this folder is its own. */
export { SetLogger } from './SetLogger';
