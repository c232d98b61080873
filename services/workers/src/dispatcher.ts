import type { AppEvent } from '../../../events/catalog.js';
import type { EventStore, Subscription } from '../../../events/store/port.js';
import type { Logger } from '../../platform/logger.js';
import type { ReadModelStore } from '../../query/src/store/port.js';
import type { Job, JobQueue } from './jobs/port.js';

/** Which jobs an event asks for. Job ids derive from event ids, so a replayed event never queues twice. */
export type JobRoute = (event: AppEvent) => Job[];

/** Where the dispatcher has turned the log into jobs up to (beside the read models' checkpoints). */
export const DISPATCHER_CHECKPOINT = 'workers-dispatcher';

/**
 * Turns the log into jobs. It keeps its own checkpoint beside the read models', so jobs are never lost while
 * Redis is down: the dispatcher stops at the event it could not queue and goes on from there.
 */
export class Dispatcher {
  private subscription?: Subscription;
  private position = 0;

  constructor(
    private readonly events: EventStore,
    private readonly checkpoints: ReadModelStore,
    private readonly queue: JobQueue,
    private readonly routes: JobRoute[],
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.position = (await this.checkpoints.checkpoints([DISPATCHER_CHECKPOINT])).get(DISPATCHER_CHECKPOINT) ?? 0;
    this.subscription = this.events.subscribe({
      after: this.position,
      onEvent: async (event) => {
        for (const job of this.routes.flatMap((route) => route(event as AppEvent))) await this.queue.add(job);
        this.position = event.position;
      },
      onCaughtUp: (position) =>
        void this.queued()
          .then(() => this.checkpoints.commit([{ projection: DISPATCHER_CHECKPOINT, docs: new Map(), checkpoint: position }]))
          .catch((error) => this.log.error('dispatcher could not store its checkpoint', error)),
      onError: (error) => this.log.error('dispatcher could not queue a job; it retries', error),
    });
  }

  /**
   * Resolves once the jobs added so far are as safe as the checkpoint that passes their events: at once in Redis
   * (BullMQ keeps them); in this process only when they have run, or a kill would lose them (the soak found it).
   */
  private async queued(): Promise<void> {
    if (this.queue.kind === 'in-process') await this.queue.drain();
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    await this.queued();
    await this.checkpoints.commit([{ projection: DISPATCHER_CHECKPOINT, docs: new Map(), checkpoint: this.position }]).catch(() => {});
  }
}
