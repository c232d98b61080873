import { EventEmitter } from 'node:events';
import type { AppEvent } from '../../../events/catalog.js';
import type { EventStore, RecordedEvent, Subscription } from '../../../events/store/port.js';
import { ownedBy, type Projection } from './projection.js';
import type { ProjectionBatch, ReadModelStore } from './store/port.js';

const BATCH = 1000;
/**
 * A rebuild reads pages this large. Small enough that a page's events die young: with 5,000 most of a page outlived
 * a scavenge, and copying them was a large share of the rebuild's GC.
 */
const REBUILD_PAGE = 1000;
/** How many docs a rebuild holds in memory at most before it writes them out. */
export interface RebuildLimits {
  maxDocs: number;
}
const REBUILD_LIMITS: RebuildLimits = { maxDocs: 200_000 };

/** A doc a rebuild holds (undefined: none), and whether it changed since the last commit. */
interface CachedDoc {
  doc: unknown;
  changed: boolean;
}

/**
 * Runs projections over the log in position order. Each batch of events is folded into the docs it touches and
 * committed with every projection's checkpoint in one call, so a replay or a crash never applies an event twice.
 */
export class Projector {
  private readonly names: string[];
  /** Which projections read each event type, so an event is offered only to those. */
  private readonly byType = new Map<string, Projection[]>();
  private checkpoints = new Map<string, number>();
  private pending: RecordedEvent[] = [];
  private subscription?: Subscription;
  private readonly progressed = new EventEmitter();
  private flushing: Promise<void> = Promise.resolve();
  private restartTimer?: NodeJS.Timeout;
  private stopped = false;
  /**
   * Set when a commit failed, until the restart: events that arrive meanwhile are not applied, since committing them
   * would move the checkpoints past the batch that failed.
   */
  private failed = false;
  /** Projections stopped by an event they could not apply, with that event: they wait there, never skip it. */
  private readonly halts = new Map<string, ProjectionHalt>();

  constructor(
    private readonly events: EventStore,
    private readonly readModels: ReadModelStore,
    private readonly projections: Projection[],
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {
    this.names = projections.map((p) => p.name);
    for (const p of projections) for (const type of p.handles) this.byType.set(type, [...(this.byType.get(type) ?? []), p]);
    this.progressed.setMaxListeners(0);
  }

  /**
   * The position every running projection has applied up to. A halted one is left out, so readers waiting for their
   * own writes (X-Min-Position) are not held up by a projection that will not move until it is fixed.
   */
  get position(): number {
    const running = this.names.filter((n) => !this.halts.has(n));
    return running.length === 0 ? 0 : Math.min(...running.map((n) => this.checkpoints.get(n) ?? 0));
  }

  /** The projections halted on an event they could not apply (for health). */
  get halted(): ProjectionHalt[] {
    return [...this.halts.values()];
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.checkpoints = await this.readModels.checkpoints(this.names);
    this.pending = [];
    this.failed = false;
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

  /**
   * Rebuilds every read model from position 0, reporting progress as it goes. Nothing else writes these read
   * models meanwhile (the store was just emptied), so docs stay in memory across pages instead of being read back
   * per batch, and only the event types some projection reads are fetched. Docs are committed, each projection's
   * with its checkpoint, when memory asks for it (past `maxDocs` docs the cache is written out and dropped, and
   * later reads go to the store) and at the end, not every so many events: a doc changed in every stretch of the log
   * (an active user's sessions, plans) would be written again with each commit, which tripled what a 1M-event
   * rebuild wrote. A crashed rebuild is simply run again.
   */
  async rebuild(onProgress?: (position: number, head: number) => void, limits: RebuildLimits = REBUILD_LIMITS): Promise<void> {
    await this.readModels.reset(this.names);
    this.checkpoints = new Map();
    const head = await this.events.headPosition();
    const types = [...this.byType.keys()];
    // Per projection: its docs in memory, each marked when changed since the last commit.
    const slots = new Map(this.projections.map((p) => [p, { projection: p, docs: new Map<string, CachedDoc>(), erasedOwners: [] as string[] }]));
    const readers = new Map([...this.byType].map(([type, ps]) => [type, ps.map((p) => slots.get(p)!)]));
    let cached = 0;
    let spilled = false;
    let after = 0;
    const commit = async (checkpoint: number) => {
      const batches: ProjectionBatch[] = [...slots.values()].map((slot) => {
        const { projection, docs } = slot;
        const changed = new Map<string, unknown>();
        // In key order: SQLite then appends to its index in order instead of splitting pages all over it.
        for (const key of [...docs.keys()].sort()) {
          const entry = docs.get(key)!;
          if (!entry.changed) continue;
          changed.set(key, entry.doc);
          entry.changed = false;
        }
        const erasedOwners = slot.erasedOwners.splice(0);
        return { projection: projection.name, docs: changed, checkpoint, ...(erasedOwners.length > 0 ? { erasedOwners } : {}) };
      });
      await this.readModels.commit(batches);
      for (const batch of batches) this.checkpoints.set(batch.projection, checkpoint);
    };
    for await (const page of this.events.readPages(0, REBUILD_PAGE, types)) {
      for (const event of page) {
        const app = event as AppEvent;
        for (const slot of readers.get(event.type)!) {
          const { projection, docs } = slot;
          const owner = projection.erases?.(app);
          if (owner !== undefined) {
            // Docs in memory are dropped (a stored one is deleted by the next commit); those written out earlier are
            // deleted by owner with that commit.
            for (const key of docs.keys()) if (ownedBy(key, owner)) docs.set(key, { doc: undefined, changed: true });
            if (spilled) slot.erasedOwners.push(owner);
            continue;
          }
          const key = keyOrHalt(projection, app);
          let entry = docs.get(key);
          if (entry === undefined) {
            entry = { doc: spilled ? (await this.readModels.entry(projection.name, key))?.doc : undefined, changed: false };
            docs.set(key, entry);
            cached += 1;
          }
          const next = evolveOrHalt(projection, entry.doc, app);
          // An event that changed nothing (evolve answered the same doc) leaves nothing to write.
          if (next === entry.doc) continue;
          entry.doc = next;
          entry.changed = true;
        }
      }
      after = page[page.length - 1]!.position;
      if (cached > limits.maxDocs) {
        await commit(after);
        for (const slot of slots.values()) slot.docs.clear();
        cached = 0;
        spilled = true;
      }
      onProgress?.(after, head);
      if (after >= head) break;
    }
    // The last page may reach past `head` (an append during the rebuild): the checkpoint covers what was applied.
    await commit(Math.max(after, head));
    onProgress?.(head, head);
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
    if (this.failed) return;
    const last = events[events.length - 1]!.position;
    const batches: ProjectionBatch[] = [];
    try {
      for (const projection of this.projections) {
        if (this.halts.has(projection.name)) continue;
        const batch = await this.fold(projection, events, last);
        if (batch) batches.push(batch);
      }
      await this.readModels.commit(batches);
    } catch (error) {
      // Set before anything else runs: a flush queued behind this one must not commit past these events.
      this.failed = true;
      throw error;
    }
    for (const batch of batches) this.checkpoints.set(batch.projection, batch.checkpoint);
    this.progressed.emit('progress');
  }

  /**
   * One projection's docs after `events`, and where it then stands: `last`, or, when an event cannot be applied,
   * just before that event, where the projection halts (logged, and shown by health) and waits to be fixed.
   */
  private async fold(projection: Projection, events: RecordedEvent[], last: number): Promise<ProjectionBatch | undefined> {
    const from = this.checkpoints.get(projection.name) ?? 0;
    const docs = new Map<string, unknown>();
    // Where each doc stood when it was stored: after a crash between a doc write and its checkpoint (possible
    // where the store cannot write both at once), the events the doc already holds are not applied again.
    const storedAt = new Map<string, number>();
    let checkpoint = last;
    const erasedOwners: string[] = [];
    for (const event of events) {
      if (event.position <= from || !this.byType.get(event.type)?.includes(projection)) continue;
      const app = event as AppEvent;
      try {
        const owner = projection.erases?.(app);
        if (owner !== undefined) {
          // What this batch folded of the owner goes too; their stored docs are deleted by owner with the commit.
          for (const key of docs.keys()) if (ownedBy(key, owner)) docs.set(key, undefined);
          erasedOwners.push(owner);
          continue;
        }
        const key = keyOrHalt(projection, app);
        if (!docs.has(key)) {
          const entry = await this.readModels.entry(projection.name, key);
          docs.set(key, entry?.doc);
          storedAt.set(key, entry?.position ?? 0);
        }
        if (event.position <= storedAt.get(key)!) continue;
        docs.set(key, evolveOrHalt(projection, docs.get(key), app));
      } catch (error) {
        if (!(error instanceof PoisonEvent)) throw error;
        const halt = { projection: projection.name, position: event.position, eventId: event.id, type: event.type, stream: event.stream, error: error.message };
        this.halts.set(projection.name, halt);
        this.log(`projection ${projection.name} halted: it cannot apply event ${event.position} (${event.type} ${event.id} in ${event.stream}); it stays before it until fixed`, error.cause);
        // The docs folded before the poison event are kept; that event and everything after it wait.
        checkpoint = event.position - 1;
        break;
      }
    }
    if (checkpoint <= from) return undefined;
    return { projection: projection.name, docs, checkpoint, ...(erasedOwners.length > 0 ? { erasedOwners } : {}) };
  }

  /**
   * Whatever was in flight is dropped, and nothing is committed until the projector starts over from its stored
   * checkpoints a second later: the failed batch is read again then, never skipped.
   */
  private fail(error: unknown) {
    this.failed = true;
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

/** An event a projection could not apply (its evolve threw): a fault in the code or the event, never a passing one. */
export class PoisonEvent extends Error {
  constructor(projection: string, event: RecordedEvent, cause: unknown) {
    super(`${projection} could not apply event ${event.position} (${event.type} ${event.id}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'PoisonEvent';
  }
}

export interface ProjectionHalt {
  projection: string;
  /** The event it could not apply; the projection's checkpoint stands just before it. */
  position: number;
  eventId: string;
  type: string;
  stream: string;
  error: string;
}

function keyOrHalt(projection: Projection, event: AppEvent): string {
  try {
    return projection.key(event);
  } catch (error) {
    throw new PoisonEvent(projection.name, event, error);
  }
}

function evolveOrHalt(projection: Projection, doc: unknown, event: AppEvent): unknown {
  try {
    return projection.evolve(doc, event);
  } catch (error) {
    throw new PoisonEvent(projection.name, event, error);
  }
}
