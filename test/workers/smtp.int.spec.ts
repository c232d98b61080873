import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { reminderStream } from '../../events/streams.js';
import { REMINDER_QUEUE } from '../../services/workers/src/reminders/schedule.js';
import { decodeToken, grantRole, signupPayload } from '../support/accounts.js';
import { startTestServer, tempDir, type TestServer } from '../support/server.js';
import { activateSubscription, eventsOf, settled, until } from './support.js';
import fs from 'node:fs';
import path from 'node:path';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps what it is sent. */
async function startSmtp(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Quoted-printable soft line breaks and escapes undone, so a link reads as sent. */
const decodeQuotedPrintable = (text: string) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('workers: mail over SMTP when SMTP_URL is set', function () {
  this.timeout(30_000);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;

  before(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Coach <coach@trainer.test>' }, tempDir());
  });
  after(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('sends the verification mail and a reminder through the SMTP server, and writes nothing to the outbox', async () => {
    // given a sign-up
    const payload = signupPayload({ helpPreferences: ['Gentle reminders'] });
    const signup = await server.call('POST', '/api/signup-email', { json: payload });
    expect(signup.status).to.equal(201);
    // then the verification mail reaches the SMTP server, from MAIL_FROM, and its link verifies the address
    await until('the verification mail', () => smtp.received.some((m) => m.to.includes(payload.email)));
    const mail = smtp.received.find((m) => m.to.includes(payload.email))!;
    expect(mail.from).to.equal('coach@trainer.test');
    expect(mail.raw).to.match(/^Subject: Verify your e-mail for your AI personal trainer\r?$/m);
    const link = new URL(/(https?:\/\/\S+\/api\/verify-email\?token=\S+)/.exec(decodeQuotedPrintable(mail.raw))![1]!);
    const verified = await server.call('GET', link.pathname + link.search);
    expect(verified.status).to.equal(302);

    // when the subscriber's daily reminder runs
    const login = await server.call('POST', '/api/login', { json: { identifier: payload.email, password: payload.password } });
    const userId = decodeToken(login.body.token).sub as string;
    await grantRole(server, login.body.token, 3);
    await activateSubscription(server.system.events, userId, server.clock.now().toISOString());
    await settled(server.system);
    await server.system.queue.add({ id: `run-now-${userId}`, queue: REMINDER_QUEUE, name: 'daily', data: { userId } });
    await settled(server.system);
    // then it is recorded and delivered over SMTP too
    const [sent] = await eventsOf(server.system.events, reminderStream(userId), 'ReminderSent');
    const subject = (sent!.data as { subject: string }).subject;
    await until('the reminder mail', () => smtp.received.some((m) => m.to.includes(payload.email) && m.raw.includes(`Subject: ${subject}`)));
    expect(smtp.received.filter((m) => m.to.includes(payload.email))).to.have.length(2);
    // with the one-click unsubscribe headers (RFC 8058)
    // Headers unfolded (RFC 5322): a long one arrives on two lines.
    const reminderMail = smtp.received.find((m) => m.raw.includes(`Subject: ${subject}`))!.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(reminderMail).to.match(/^List-Unsubscribe: <http:\/\/\S+\/api\/reminders\/unsubscribe\?token=\S+>\r?$/m);
    expect(reminderMail).to.match(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(fs.existsSync(path.join(server.dataDir, 'outbox'))).to.equal(false);
  });
});
