import type { Logger } from '../../../platform/logger.js';
import type { Job, JobHandler, JobQueue } from './port.js';

const ATTEMPTS = 3;
/** Job ids remembered for de-duplication; the dispatcher's checkpoint keeps older ones from coming back. */
const REMEMBERED_IDS = 10_000;
const BACKOFF_MS = 500;

/** The embedded default: runs each job in this process, with the same retries BullMQ would give it. */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process';
  private readonly handlers = new Map<string, JobHandler>();
  private readonly seen = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly waiting: Job[] = [];
  private closed = false;

  constructor(private readonly log: Logger) {}

  async add(job: Job): Promise<void> {
    const key = `${job.queue}/${job.id}`;
    if (this.seen.has(key) || this.closed) return;
    this.seen.add(key);
    // A Set iterates in insertion order: the first entry is the oldest.
    if (this.seen.size > REMEMBERED_IDS) this.seen.delete(this.seen.values().next().value!);
    if (!this.handlers.has(job.queue)) return void this.waiting.push(job);
    this.start(job);
  }

  work(queue: string, handler: JobHandler): void {
    this.handlers.set(queue, handler);
    for (const job of this.waiting.filter((j) => j.queue === queue)) this.start(job);
    this.waiting.splice(0, this.waiting.length, ...this.waiting.filter((j) => j.queue !== queue));
  }

  private start(job: Job) {
    const run = this.run(job).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private async run(job: Job) {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      try {
        return await this.handlers.get(job.queue)!(job);
      } catch (error) {
        this.log.warn(`job ${job.queue}/${job.name} ${job.id} failed (attempt ${attempt} of ${ATTEMPTS})`, error);
        if (attempt < ATTEMPTS) await new Promise((r) => setTimeout(r, BACKOFF_MS * 2 ** (attempt - 1)));
      }
    }
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.drain();
  }
}
