/** What other worker slices may use of mail: the queue every mail goes through, and the port that sends it. */
export { MAIL_QUEUE, type Mailer } from './mailer.js';
