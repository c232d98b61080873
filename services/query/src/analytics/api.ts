/** What other slices (and the workers) may read of analytics: reading a day from a query string. */
export { parseDay } from './range.js';
