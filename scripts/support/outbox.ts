import fs from 'node:fs';
import path from 'node:path';

/** The texts of the mails in DATA_DIR/outbox addressed to `email`, as the mailer wrote them. */
export function mailsTo(dataDir: string, email: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((text) => text.includes(`To: ${email}`));
}

/** Waits for the verification mail to `email` in DATA_DIR/outbox and returns its link. */
export async function verificationLinkIn(dataDir: string, email: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const text of mailsTo(dataDir, email)) {
      const link = /(https?:\/\/\S+\/api\/verify-email\?token=\S+)/.exec(text)?.[1];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} in ${path.join(dataDir, 'outbox')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
