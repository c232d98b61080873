import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../../platform/logger.js';
import { messageIdOf, type Mail, type Mailer } from './mailer.js';

const ACCOUNT_HEADER = 'X-Account';
/** Beside the mails, an empty file per forgotten account (its id only) marks that its mails are not to stay. */
const FORGOTTEN = '.forgotten';

/** Delivers mail as one `.eml` file per message in DATA_DIR/outbox (and a line in the log). */
export class Outbox implements Mailer {
  readonly kind = 'outbox';

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {}

  async send(mail: Mail): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${mail.id}.eml`);
    const eml = [
      // Which account the mail is about, so the account's mails can be found again when it is deleted.
      ...(mail.userId ? [`${ACCOUNT_HEADER}: ${mail.userId}`] : []),
      `To: ${mail.to}`,
      `From: ${this.from}`,
      `Subject: ${mail.subject}`,
      `Message-ID: ${messageIdOf(mail)}`,
      ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      mail.text,
      '',
    ].join('\r\n');
    await fs.writeFile(file, eml, { flag: 'w' });
    // A mail job that ran while its account was forgotten: forget leaves its mark before it looks for the account's
    // mails, and this looks for the mark after the mail is written, so one of the two finds the other.
    if (mail.userId && (await this.isForgotten(mail.userId))) return fs.rm(file, { force: true });
    // Neither the address nor the subject (a reminder's names the person's plan): the log outlives their account.
    this.log.info(`mail ${mail.id} written to ${file}`);
  }

  private markOf(userId: string): string {
    return path.join(this.dir, `${userId.replace(/[^\w-]/g, '_')}${FORGOTTEN}`);
  }

  private async isForgotten(userId: string): Promise<boolean> {
    return fs.access(this.markOf(userId)).then(
      () => true,
      () => false,
    );
  }

  async forget(userId: string): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(this.markOf(userId), '');
    const files = await fs.readdir(this.dir).catch(() => [] as string[]);
    const line = `${ACCOUNT_HEADER}: ${userId}\r\n`;
    for (const name of files.filter((f) => f.endsWith('.eml'))) {
      const file = path.join(this.dir, name);
      if ((await fs.readFile(file, 'utf8')).startsWith(line)) await fs.rm(file, { force: true });
    }
  }

  async close(): Promise<void> {}
}
