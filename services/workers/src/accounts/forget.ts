import type { JobRoute } from '../dispatcher.js';
import type { JobHandler } from '../jobs/port.js';
import { MAIL_QUEUE, type Mailer } from '../mail/api.js';

interface ForgetJob {
  userId: string;
  position: number;
}

/** After a deletion: the account's mails leave the outbox, and the storage drops what the read models forgot. */
export const forgetAccountRoute: JobRoute = (event) =>
  event.type === 'AccountDeleted'
    ? [{ id: event.id, queue: MAIL_QUEUE, name: 'forget-account', data: { userId: event.data.userId, position: event.position } satisfies ForgetJob, untilDone: true }]
    : [];

/**
 * `storageForgot(position)` waits until every read model has applied the deletion at `position` (so the person's
 * docs are gone: a halted key never holds a projection back, and the deletion's erasure always applies) and then
 * drops the old page images the SQLite WAL still holds; it throws when that cannot be done yet, and the job is tried
 * again until it is done.
 */
export const forgetAccountHandler =
  (mailer: Mailer, storageForgot: (position: number) => Promise<void>): JobHandler =>
  async (job) => {
    const { userId, position } = job.data as ForgetJob;
    await mailer.forget(userId);
    await storageForgot(position);
  };
