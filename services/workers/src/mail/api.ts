/**
 * What other worker slices may use of mail: the queue every mail goes through, the port that sends it, and where a
 * mail of an account goes.
 */
export { addressOf, ownerMail } from './address.js';
export { MAIL_QUEUE, type Mailer } from './mailer.js';
