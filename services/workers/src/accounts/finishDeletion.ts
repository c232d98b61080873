import type { JobRoute } from '../dispatcher.js';
import type { JobHandler } from '../jobs/port.js';

export const ACCOUNT_QUEUE = 'accounts';

interface FinishDeletionJob {
  userId: string;
}

/**
 * A deletion begun is finished here too, beside the request that began it: should that process die, another instance
 * finishes the deletion without waiting for a restart (services/command/src/accounts/deletion.ts; every step is
 * idempotent, so the two may overlap). It is tried until it is done: a deletion is a promise the app keeps; the
 * command service's start-up sweep is the last resort.
 */
export const finishDeletionRoute: JobRoute = (event) =>
  event.type === 'AccountDeletionStarted' ? [{ id: event.id, queue: ACCOUNT_QUEUE, name: 'finish-deletion', data: { userId: event.data.userId } satisfies FinishDeletionJob, untilDone: true }] : [];

export const finishDeletionHandler =
  (finishDeletion: (userId: string) => Promise<void>): JobHandler =>
  async (job) =>
    finishDeletion((job.data as FinishDeletionJob).userId);
