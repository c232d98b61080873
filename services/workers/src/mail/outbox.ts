import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../../platform/logger.js';

export interface Mail {
  /** De-duplicates: the same id is written once. */
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** Delivers mail as one `.eml` file per message in DATA_DIR/outbox (and a line in the log). */
export class Outbox {
  constructor(
    private readonly dir: string,
    private readonly log: Logger,
  ) {}

  async send(mail: Mail): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${mail.id}.eml`);
    const eml = [
      `To: ${mail.to}`,
      'From: Trainer <no-reply@trainer.local>',
      `Subject: ${mail.subject}`,
      `Message-ID: <${mail.id}@trainer.local>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      mail.text,
      '',
    ].join('\r\n');
    await fs.writeFile(file, eml, { flag: 'w' });
    this.log.info(`mail "${mail.subject}" to ${mail.to} written to ${file}`);
    return file;
  }
}
