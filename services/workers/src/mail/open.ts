import type { Logger } from '../../../platform/logger.js';
import type { Mailer } from './mailer.js';
import { Outbox } from './outbox.js';
import { SmtpMailer } from './smtp.js';

/** SMTP when `SMTP_URL` is set, else the outbox directory. */
export function openMailer(options: { smtpUrl?: string; from: string; outboxDir: string }, log: Logger): Mailer {
  return options.smtpUrl ? new SmtpMailer(options.smtpUrl, options.from, log) : new Outbox(options.outboxDir, options.from, log);
}
