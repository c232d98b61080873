/** What other slices and the workers may use of workout sessions: the steps that follow a session's end. */
export { afterSessionEnded } from './flows.js';
