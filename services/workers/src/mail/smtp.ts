import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../../../platform/logger.js';
import { messageIdOf, type Mail, type Mailer } from './mailer.js';

/** Sends through an SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465) with nodemailer. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  /** A refused or unreachable server throws, so the job is retried and, at its last attempt, dead-lettered. */
  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, messageId: messageIdOf(mail), headers: mail.headers });
    // Neither the address nor the subject (a reminder's names the person's plan): the log outlives their account.
    this.log.info(`mail ${mail.id} sent over SMTP (${info.response})`);
  }

  /** Sent mail is out of our hands; nothing is kept here. */
  async forget(_userId: string): Promise<void> {}

  async close(): Promise<void> {
    this.transport.close();
  }
}
