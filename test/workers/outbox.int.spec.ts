import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { createLogger } from '../../services/platform/logger.js';
import { Outbox } from '../../services/workers/src/mail/outbox.js';
import { tempDir } from '../support/server.js';

describe('the outbox forgets a deleted account\'s mails (DATA_DIR/outbox)', () => {
  const mail = (id: string, userId: string) => ({ id, userId, to: `${userId}@example.com`, subject: 'Today: legs', text: `Good morning, ${userId}!` });
  const mailsIn = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));

  it('removes the mails written before the deletion, and every mail of the account written after it (a job that ran late)', async () => {
    const dir = path.join(tempDir(), 'outbox');
    const outbox = new Outbox(dir, 'trainer@example.com', createLogger('test', 'silent'));
    await outbox.send(mail('m1', 'ann'));
    await outbox.send(mail('m2', 'bob'));
    await outbox.forget('ann');
    // A mail job of hers that was running while her account was forgotten writes its mail afterwards.
    await outbox.send(mail('m3', 'ann'));
    const left = mailsIn(dir);
    expect(left).to.have.length(1);
    expect(left[0]).to.include('To: bob@example.com');
  });
});
