import type { EventLog } from '../../../../events/store/port.js';
import { RESET_PASSWORD_PURPOSE, type Tokens } from '../../../platform/auth.js';
import type { JobRoute } from '../dispatcher.js';
import type { JobHandler } from '../jobs/port.js';
import { ownerMail } from './address.js';
import { MAIL_QUEUE, type Mailer } from './mailer.js';

const RESET_LINK_TTL_SECONDS = 3600;

export const passwordResetMailRoute: JobRoute = (event) =>
  event.type === 'PasswordResetRequested'
    ? [{ id: event.id, queue: MAIL_QUEUE, name: 'password-reset', data: { userId: event.data.userId, passwordVersion: event.data.passwordVersion } }]
    : [];

/** The link to choose a new password: one hour, and only while the password is the one it was sent for. */
export const passwordResetMailHandler =
  (events: EventLog, tokens: Tokens, mailer: Mailer, publicUrl: string): JobHandler =>
  ownerMail<{ userId: string; passwordVersion: number }>(events, mailer, async ({ userId, passwordVersion }) => {
    const token = await tokens.purpose(RESET_PASSWORD_PURPOSE, userId, RESET_LINK_TTL_SECONDS, { v: String(passwordVersion) });
    const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    return {
      subject: 'Choose a new password for your AI personal trainer',
      text: `Hello,\n\nSomeone (we hope you) asked to reset the password of your account. Choose a new one here:\n\n${link}\n\nThe link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
    };
  });

export const passwordChangedMailRoute: JobRoute = (event) =>
  event.type === 'PasswordChanged'
    ? [{ id: event.id, queue: MAIL_QUEUE, name: 'password-changed', data: { userId: event.data.userId } }]
    : [];

/** Tells the owner the password changed, so a change they did not make does not go unnoticed. */
export const passwordChangedMailHandler =
  (events: EventLog, mailer: Mailer, publicUrl: string): JobHandler =>
  ownerMail<{ userId: string }>(events, mailer, () => ({
    subject: 'Your password was changed',
    text: `Hello,\n\nThe password of your AI personal trainer account was just changed, and every other device was signed out.\n\nIf this was you, there is nothing to do. If it was not, choose a new password now at ${publicUrl}/forgot-password and check the devices signed in on your profile.\n`,
  }));
