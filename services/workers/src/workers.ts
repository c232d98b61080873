import type { Tokens } from '../../platform/auth.js';
import type { Logger } from '../../platform/logger.js';
import type { JobRoute } from './dispatcher.js';
import type { JobQueue } from './jobs/port.js';
import { Outbox } from './mail/outbox.js';
import { existingAccountMailHandler, existingAccountMailRoute, MAIL_QUEUE, verificationMailHandler, verificationMailRoute } from './mail/verification.js';

export interface JobHandlerDeps {
  queue: JobQueue;
  tokens: Tokens;
  log: Logger;
  outboxDir: string;
  publicUrl: string;
}

/** Which jobs the log asks for: the dispatcher (one instance at a time) runs these over every event. */
export const jobRoutes: JobRoute[] = [verificationMailRoute, existingAccountMailRoute];

/** Registers the handler of every queue; every workers instance does this, so all of them take jobs. */
export function workJobs(deps: JobHandlerDeps): void {
  const outbox = new Outbox(deps.outboxDir, deps.log);
  const verification = verificationMailHandler(deps.tokens, outbox, deps.publicUrl);
  const existingAccount = existingAccountMailHandler(outbox, deps.publicUrl);
  deps.queue.work(MAIL_QUEUE, async (job) => {
    if (job.name === 'verification') return verification(job);
    if (job.name === 'existing-account') return existingAccount(job);
    throw new Error(`no handler for mail job ${job.name}`);
  });
}
