/** What other capabilities may use of the landing page's capability: taking an address off the waitlist. */
export * from './waitlist/api.js';
