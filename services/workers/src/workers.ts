import type { EventStore } from '../../../events/store/port.js';
import type { Tokens } from '../../platform/auth.js';
import type { Logger } from '../../platform/logger.js';
import type { ReadModelStore } from '../../query/src/store/port.js';
import { Dispatcher } from './dispatcher.js';
import type { JobQueue } from './jobs/port.js';
import { Outbox } from './mail/outbox.js';
import { MAIL_QUEUE, verificationMailHandler, verificationMailRoute } from './mail/verification.js';

export interface WorkerDeps {
  events: EventStore;
  checkpoints: ReadModelStore;
  queue: JobQueue;
  tokens: Tokens;
  log: Logger;
  outboxDir: string;
  publicUrl: string;
}

/** Wires every job route to its queue and handler, and starts the dispatcher. */
export async function startWorkers(deps: WorkerDeps): Promise<Dispatcher> {
  const outbox = new Outbox(deps.outboxDir, deps.log);
  deps.queue.work(MAIL_QUEUE, async (job) => {
    if (job.name === 'verification') return verificationMailHandler(deps.tokens, outbox, deps.publicUrl)(job);
    throw new Error(`no handler for mail job ${job.name}`);
  });
  const dispatcher = new Dispatcher(deps.events, deps.checkpoints, deps.queue, [verificationMailRoute], deps.log);
  await dispatcher.start();
  return dispatcher;
}
