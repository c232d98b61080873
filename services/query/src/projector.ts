import { EventEmitter } from 'node:events';
import type { AppEvent } from '../../../events/catalog.js';
import type { EventStore, RecordedEvent, Subscription } from '../../../events/store/port.js';
import type { Projection } from './projection.js';
import type { ProjectionBatch, ReadModelStore } from './store/port.js';

const BATCH = 1000;

/**
 * Runs projections over the log in position order. Each batch of events is folded into the docs it touches and
 * committed with every projection's checkpoint in one call, so a replay or a crash never applies an event twice.
 */
export class Projector {
  private readonly names: string[];
  private checkpoints = new Map<string, number>();
  private pending: RecordedEvent[] = [];
  private subscription?: Subscription;
  private readonly progressed = new EventEmitter();
  private flushing: Promise<void> = Promise.resolve();
  private restartTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly events: EventStore,
    private readonly readModels: ReadModelStore,
    private readonly projections: Projection[],
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {
    this.names = projections.map((p) => p.name);
    this.progressed.setMaxListeners(0);
  }

  /** The position every projection has applied up to. */
  get position(): number {
    return Math.min(...this.names.map((n) => this.checkpoints.get(n) ?? 0));
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.checkpoints = await this.readModels.checkpoints(this.names);
    this.pending = [];
    this.subscription = this.events.subscribe({
      after: this.position,
      onEvent: async (event) => {
        this.pending.push(event);
        if (this.pending.length >= BATCH) await this.flush();
      },
      onCaughtUp: () => void this.flush().catch((error) => this.fail(error)),
      onError: (error) => this.fail(error),
    });
  }

  /** Resolves once every projection has passed `position`; false when `timeoutMs` ran out first. */
  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return true;
    return new Promise((resolve) => {
      const onProgress = () => {
        if (this.position < position) return;
        clearTimeout(timer);
        this.progressed.off('progress', onProgress);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.progressed.off('progress', onProgress);
        resolve(this.position >= position);
      }, timeoutMs);
      this.progressed.on('progress', onProgress);
    });
  }

  /** Rebuilds every read model from position 0, reporting progress as it goes. */
  async rebuild(onProgress?: (position: number, head: number) => void): Promise<void> {
    await this.readModels.reset(this.names);
    this.checkpoints = new Map();
    const head = await this.events.headPosition();
    let after = 0;
    while (after < head) {
      const page = await this.events.readAll(after, BATCH);
      if (page.length === 0) break;
      this.pending.push(...page);
      await this.flush();
      after = page[page.length - 1]!.position;
      onProgress?.(after, head);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    await this.subscription?.close();
    await this.flush().catch((error) => this.log('projector could not flush on stop', error));
  }

  /** Flushes run one after another: two at once could each fold a doc the other has not committed yet. */
  private flush(): Promise<void> {
    const next = this.flushing.then(() => this.applyPending());
    this.flushing = next.catch(() => {});
    return next;
  }

  private async applyPending(): Promise<void> {
    if (this.pending.length === 0) return;
    const events = this.pending;
    this.pending = [];
    const last = events[events.length - 1]!.position;
    const batches: ProjectionBatch[] = [];
    for (const projection of this.projections) {
      const from = this.checkpoints.get(projection.name) ?? 0;
      const docs = new Map<string, unknown | undefined>();
      // Where each doc stood when it was stored: after a crash between a doc write and its checkpoint (possible
      // where the store cannot write both at once), the events the doc already holds are not applied again.
      const storedAt = new Map<string, number>();
      for (const event of events) {
        if (event.position <= from || !projection.handles.includes(event.type as never)) continue;
        const app = event as AppEvent;
        const key = projection.key(app);
        if (!docs.has(key)) {
          const entry = await this.readModels.entry(projection.name, key);
          docs.set(key, entry?.doc);
          storedAt.set(key, entry?.position ?? 0);
        }
        if (event.position <= storedAt.get(key)!) continue;
        docs.set(key, projection.evolve(docs.get(key), app));
      }
      if (last > from) batches.push({ projection: projection.name, docs, checkpoint: last });
    }
    await this.readModels.commit(batches);
    for (const batch of batches) this.checkpoints.set(batch.projection, batch.checkpoint);
    this.progressed.emit('progress');
  }

  /** Whatever was in flight is dropped; the projector starts over from its stored checkpoints a second later. */
  private fail(error: unknown) {
    this.log('projector failed; it restarts from its checkpoints', error);
    if (this.stopped || this.restartTimer) return;
    const subscription = this.subscription;
    this.restartTimer = setTimeout(async () => {
      await subscription?.close();
      this.restartTimer = undefined;
      if (!this.stopped) await this.start().catch((e) => this.fail(e));
    }, 1000);
  }
}
