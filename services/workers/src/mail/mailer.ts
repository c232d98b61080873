/** The queue every mail goes out on, whatever asked for it (verification, reminders). */
export const MAIL_QUEUE = 'mail';

export interface Mail {
  /** De-duplicates: the outbox writes one file per id; over SMTP it is the Message-ID. */
  id: string;
  /** The account the mail is about, so the outbox can forget its mails when the account is deleted. */
  userId?: string;
  to: string;
  subject: string;
  text: string;
  /** Headers beyond the usual ones (a reminder's List-Unsubscribe); names and values are the app's own ASCII. */
  headers?: Record<string, string>;
}

/** Where mail leaves the system: SMTP in production (`SMTP_URL`), the outbox directory otherwise. */
export interface Mailer {
  readonly kind: string;
  send(mail: Mail): Promise<void>;
  /**
   * Drops what this mailer still holds of the account's mails (the outbox's files), and any mail of the account it is
   * handed afterwards (a job that was already running); mail already sent is gone.
   */
  forget(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** The Message-ID of a mail, the same in both adapters, so a receiver can tell a resend from a new mail. */
export const messageIdOf = (mail: Mail) => `<${mail.id}@trainer.local>`;
