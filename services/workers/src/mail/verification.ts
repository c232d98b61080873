import type { EventLog } from '../../../../events/store/port.js';
import type { Tokens } from '../../../platform/auth.js';
import type { JobRoute } from '../dispatcher.js';
import type { JobHandler } from '../jobs/port.js';
import { ownerMail } from './address.js';
import { MAIL_QUEUE, type Mailer } from './mailer.js';

const VERIFY_LINK_TTL_SECONDS = 7 * 24 * 3600;

export const verificationMailRoute: JobRoute = (event) =>
  event.type === 'VerificationMailRequested'
    ? [{ id: event.id, queue: MAIL_QUEUE, name: 'verification', data: { userId: event.data.userId } }]
    : [];

export const verificationMailHandler =
  (events: EventLog, tokens: Tokens, mailer: Mailer, publicUrl: string): JobHandler =>
  ownerMail<{ userId: string }>(events, mailer, async ({ userId }) => {
    const token = await tokens.purpose('verify-email', userId, VERIFY_LINK_TTL_SECONDS);
    const link = `${publicUrl}/api/verify-email?token=${encodeURIComponent(token)}`;
    return {
      subject: 'Verify your e-mail for your AI personal trainer',
      text: `Welcome!\n\nConfirm your e-mail address to start training:\n\n${link}\n\nThe link works for 7 days. If you did not sign up, ignore this mail.\n`,
    };
  });

/** A sign-up was tried with the address of a verified account: its owner hears of it (docs/adr/0044). */
export const existingAccountMailRoute: JobRoute = (event) =>
  event.type === 'ExistingAccountMailRequested'
    ? [{ id: event.id, queue: MAIL_QUEUE, name: 'existing-account', data: { userId: event.data.userId } }]
    : [];

export const existingAccountMailHandler =
  (events: EventLog, mailer: Mailer, publicUrl: string): JobHandler =>
  ownerMail<{ userId: string }>(events, mailer, () => ({
    subject: 'Someone tried to sign up with your e-mail',
    text: `Hello,\n\nSomeone just tried to create an account with this address, which already has one.\n\nIf it was you, log in instead: ${publicUrl}/login\n\nIf it was not you, nothing has changed and you need not do anything.\n`,
  }));
