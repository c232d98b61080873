import { EventEmitter } from 'node:events';
import v8 from 'node:v8';
import type { AppEvent } from '../../../events/catalog.js';
import type { EventStore, RecordedEvent, Subscription } from '../../../events/store/port.js';
import { ownedBy, type Projection } from './projection.js';
import { foldKeys } from './repair.js';
import type { KeyHalt, ProjectionBatch, ReadModelStore } from './store/port.js';

const BATCH = 1000;
/**
 * A rebuild reads pages this large. Small enough that a page's events die young: with 5,000 most of a page outlived
 * a scavenge, and copying them was a large share of the rebuild's GC.
 */
export const REBUILD_PAGE = 1000;
/** When a rebuild writes the docs it holds out and drops them: past either limit. */
export interface RebuildLimits {
  /** Docs held in memory at most (tests set it low to make a rebuild write docs out and read them back). */
  maxDocs: number;
  /** The share of V8's heap limit the heap may fill before the docs are written out. */
  maxHeapShare: number;
}
/**
 * A rebuild holds every doc while the heap has room: a count of docs says little of their size (a month of a user's
 * sessions, a user's logins of a week), and writing docs out early writes each again later and reads it back first.
 */
const REBUILD_LIMITS: RebuildLimits = { maxDocs: Number.POSITIVE_INFINITY, maxHeapShare: 0.5 };

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
  /**
   * Keys stopped by an event their projection could not apply (by `haltId`): their later events are skipped and
   * counted, every other key goes on. Kept with the read models, so a restart finds them.
   */
  private halts = new Map<string, KeyHalt>();
  /** Projections found at start standing past the log's head, while they are rebuilt (for health). */
  private aheadOfLog: CheckpointPastHead[] = [];

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

  /** The position every projection has applied up to (a halted key's events are skipped, never waited for). */
  get position(): number {
    return Math.min(...this.names.map((n) => this.checkpoints.get(n) ?? 0));
  }

  /** The keys halted on an event their projection could not apply (for health). */
  get halted(): KeyHalt[] {
    return [...this.halts.values()];
  }

  /** The projections being rebuilt because their checkpoint stood past the log's head at start (for health). */
  get checkpointsPastHead(): CheckpointPastHead[] {
    return this.aheadOfLog;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.checkpoints = await this.readModels.checkpoints(this.names);
    await this.rebuildPastHead();
    await this.rebuildChangedFolds();
    this.halts = new Map((await this.readModels.halts(this.names)).map((h) => [haltId(h.projection, h.key), h]));
    await this.retryHalted();
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
   * with its checkpoint, when memory asks for it (past the `limits` the cache is written out and dropped, and
   * later reads go to the store) and at the end, not every so many events: a doc changed in every stretch of the log
   * (an active user's sessions, plans) would be written again with each commit, which tripled what a 1M-event
   * rebuild wrote. A crashed rebuild is simply run again.
   */
  async rebuild(onProgress?: (position: number, head: number) => void, limits: Partial<RebuildLimits> = {}): Promise<KeyHalt[]> {
    const { maxDocs, maxHeapShare } = { ...REBUILD_LIMITS, ...limits };
    await this.readModels.reset(this.names);
    this.checkpoints = new Map();
    this.halts = new Map();
    // Halts changed since the last commit, by projection (undefined: dropped).
    const haltChanges = new Map(this.names.map((n) => [n, new Map<string, KeyHalt | undefined>()]));
    const head = await this.events.headPosition();
    const types = [...this.byType.keys()];
    // Per projection: its docs in memory, each marked when changed since the last commit.
    const slots = new Map(this.projections.map((p) => [p, { projection: p, docs: new Map<string, CachedDoc>(), erasedOwners: [] as string[], changes: haltChanges.get(p.name)! }]));
    const readers = new Map([...this.byType].map(([type, ps]) => [type, ps.map((p) => slots.get(p)!)]));
    let cached = 0;
    let droppedAtSpill = 0;
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
        const halts = new Map(slot.changes);
        slot.changes.clear();
        return { projection: projection.name, docs: changed, checkpoint, ...(erasedOwners.length > 0 ? { erasedOwners } : {}), ...(halts.size > 0 ? { halts } : {}) };
      });
      await this.readModels.commit(batches);
      for (const batch of batches) this.checkpoints.set(batch.projection, checkpoint);
    };
    for await (const page of this.events.readPages(0, REBUILD_PAGE, types)) {
      for (const event of page) {
        const app = event as AppEvent;
        for (const slot of readers.get(event.type)!) {
          const { projection, docs, changes } = slot;
          const route = routeOf(projection, app);
          if ('error' in route) {
            this.halt(projection, unkeyed(event.position), event, route.error, changes);
            continue;
          }
          if ('owner' in route) {
            const { owner } = route;
            // Docs in memory are dropped (a stored one is deleted by the next commit); those written out earlier are
            // deleted by owner with that commit. The owner's halted keys start again.
            for (const key of docs.keys()) if (ownedBy(key, owner)) docs.set(key, { doc: undefined, changed: true });
            for (const halt of this.haltsOf(projection.name)) if (ownedBy(halt.key, owner)) this.resume(halt, changes);
            if (spilled) slot.erasedOwners.push(owner);
            continue;
          }
          const keys = 'keys' in route ? route.keys : undefined;
          for (let i = 0; i < (keys ? keys.length : 1); i += 1) {
            const key = keys ? keys[i]! : (route as { key: string }).key;
            if (this.skipHalted(projection.name, key, changes)) continue;
            let entry = docs.get(key);
            if (entry === undefined) {
              entry = { doc: spilled ? (await this.readModels.entry(projection.name, key))?.doc : undefined, changed: false };
              docs.set(key, entry);
              cached += 1;
            }
            let next: unknown;
            try {
              next = projection.evolve(entry.doc, app, key);
            } catch (error) {
              // The key keeps no doc until it is rebuilt whole (see `retryHalted`).
              this.halt(projection, key, event, error, changes);
              docs.set(key, { doc: undefined, changed: true });
              continue;
            }
            // An event that changed nothing (evolve answered the same doc) leaves nothing to write.
            if (next === entry.doc) continue;
            entry.doc = next;
            entry.changed = true;
          }
        }
      }
      after = page[page.length - 1]!.position;
      // Past a spill the heap still holds the dropped docs until V8 collects them: it counts as full again only once
      // as many docs are held as half those the spill dropped.
      if (cached > maxDocs || (cached > droppedAtSpill / 2 && heapFilled(maxHeapShare))) {
        await commit(after);
        for (const slot of slots.values()) slot.docs.clear();
        droppedAtSpill = cached;
        cached = 0;
        spilled = true;
      }
      onProgress?.(after, head);
      if (after >= head) break;
    }
    // The last page may reach past `head` (an append during the rebuild): the checkpoint covers what was applied.
    await commit(Math.max(after, head));
    await this.recordVersions(this.projections);
    onProgress?.(head, head);
    return this.halted;
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
   * One projection's docs after `events`, which it then stands after. An event whose `evolve` throws halts its key
   * (logged, and shown by health): the key's doc stays as its last commit left it, and the key's later events are
   * skipped and counted until it starts again (an erasure of its owner, or `retryHalted` at the next start).
   */
  private async fold(projection: Projection, events: RecordedEvent[], last: number): Promise<ProjectionBatch | undefined> {
    const from = this.checkpoints.get(projection.name) ?? 0;
    const docs = new Map<string, unknown>();
    // Where each doc stood when it was stored: after a crash between a doc write and its checkpoint (possible
    // where the store cannot write both at once), the events the doc already holds are not applied again.
    const storedAt = new Map<string, number>();
    const erasedOwners: string[] = [];
    const halts = new Map<string, KeyHalt | undefined>();
    // The docs this batch changed: an event that changed nothing (evolve answered the same doc, as for a set in a
    // quarter hour already shown up) leaves its doc unwritten.
    const changed = new Set<string>();
    for (const event of events) {
      if (event.position <= from || !this.byType.get(event.type)?.includes(projection)) continue;
      const app = event as AppEvent;
      const route = routesOf(projection, app);
      if ('error' in route) {
        this.halt(projection, unkeyed(event.position), event, route.error, halts);
        continue;
      }
      if ('owner' in route) {
        const { owner } = route;
        // What this batch folded of the owner goes too; their stored docs are deleted by owner with the commit.
        for (const key of docs.keys()) {
          if (!ownedBy(key, owner)) continue;
          docs.set(key, undefined);
          changed.add(key);
        }
        for (const halt of this.haltsOf(projection.name)) if (ownedBy(halt.key, owner)) this.resume(halt, halts);
        erasedOwners.push(owner);
        continue;
      }
      for (const key of route.keys) {
        if (this.skipHalted(projection.name, key, halts)) continue;
        if (!docs.has(key)) {
          const entry = await this.readModels.entry(projection.name, key);
          docs.set(key, entry?.doc);
          storedAt.set(key, entry?.position ?? 0);
        }
        if (event.position <= storedAt.get(key)!) continue;
        try {
          const doc = docs.get(key);
          const next = projection.evolve(doc, app, key);
          if (next === doc) continue;
          docs.set(key, next);
          changed.add(key);
        } catch (error) {
          this.halt(projection, key, event, error, halts);
          // Not written in this batch: the stored doc stays below the checkpoint, so a rebuild of the key can replace it.
          docs.delete(key);
          changed.delete(key);
        }
      }
    }
    if (last <= from) return undefined;
    for (const key of docs.keys()) if (!changed.has(key)) docs.delete(key);
    return { projection: projection.name, docs, checkpoint: last, ...(erasedOwners.length > 0 ? { erasedOwners } : {}), ...(halts.size > 0 ? { halts } : {}) };
  }

  private haltsOf(projection: string): KeyHalt[] {
    return [...this.halts.values()].filter((h) => h.projection === projection);
  }

  /** Whether the key is halted; if so its event is counted as waiting. */
  private skipHalted(projection: string, key: string, changes: Map<string, KeyHalt | undefined>): boolean {
    // Nearly always none: the key's id is not even made then.
    if (this.halts.size === 0) return false;
    const halt = this.halts.get(haltId(projection, key));
    if (!halt) return false;
    const waiting = { ...halt, waiting: halt.waiting + 1 };
    this.halts.set(haltId(projection, key), waiting);
    changes.set(key, waiting);
    return true;
  }

  private halt(projection: Projection, key: string, event: RecordedEvent, error: unknown, changes: Map<string, KeyHalt | undefined>) {
    const halt: KeyHalt = {
      projection: projection.name,
      key,
      position: event.position,
      eventId: event.id,
      type: event.type,
      stream: event.stream,
      error: error instanceof Error ? error.message : String(error),
      waiting: 0,
    };
    this.halts.set(haltId(projection.name, key), halt);
    changes.set(key, halt);
    this.log(`projection ${projection.name} halted key ${key}: it cannot apply event ${event.position} (${event.type} ${event.id} in ${event.stream}); that key's later events wait, every other key goes on`, error);
  }

  private resume(halt: KeyHalt, changes: Map<string, KeyHalt | undefined>) {
    this.halts.delete(haltId(halt.projection, halt.key));
    changes.set(halt.key, undefined);
  }

  /**
   * A checkpoint past the log's head says the read models were not made from this log (a log restored from an older
   * backup, or another log configured): trusted, the events appended up to it would be skipped. Those projections are
   * rebuilt from this log before anything else runs, said loudly in the log and in health meanwhile.
   */
  private async rebuildPastHead(): Promise<void> {
    const head = await this.events.headPosition();
    const ahead = this.projections.filter((p) => (this.checkpoints.get(p.name) ?? 0) > head);
    if (ahead.length === 0) return;
    this.aheadOfLog = ahead.map((p) => ({ projection: p.name, checkpoint: this.checkpoints.get(p.name)!, head }));
    this.log(`read models stand past the log's head (${head}): ${this.aheadOfLog.map((a) => `${a.projection} at ${a.checkpoint}`).join(', ')}; they were not made from this log and are rebuilt from it`);
    await new Projector(this.events, this.readModels, ahead, this.log).rebuild();
    this.checkpoints = await this.readModels.checkpoints(this.names);
    this.aheadOfLog = [];
  }

  /**
   * Rebuilds the projections whose fold changed since their read models were built (their `version` is not the one
   * stored with them): docs folded by the old `evolve` would otherwise answer with the old rule until someone ran
   * `npm run replay`. A projection that never ran has nothing to rebuild; it is only given its version.
   */
  private async rebuildChangedFolds(): Promise<void> {
    const stored = await this.readModels.get<Record<string, number>>(PROJECTION_VERSIONS, PROJECTION_VERSIONS);
    const versionOf = (p: Projection) => p.version ?? 1;
    const changed = this.projections.filter((p) => (this.checkpoints.get(p.name) ?? 0) > 0 && (stored?.[p.name] ?? 1) !== versionOf(p));
    if (changed.length > 0) {
      this.log(`read models folded by an earlier version are rebuilt: ${changed.map((p) => `${p.name} ${stored?.[p.name] ?? 1} → ${versionOf(p)}`).join(', ')}`);
      await new Projector(this.events, this.readModels, changed, this.log).rebuild();
      this.checkpoints = await this.readModels.checkpoints(this.names);
    }
    if (this.projections.some((p) => stored?.[p.name] !== versionOf(p))) await this.recordVersions(this.projections);
  }

  /** Stores the version each projection's read model is now folded by, beside those of projections not run here. */
  private async recordVersions(projections: Projection[]): Promise<void> {
    const stored = await this.readModels.entry<Record<string, number>>(PROJECTION_VERSIONS, PROJECTION_VERSIONS);
    const versions = { ...stored?.doc, ...Object.fromEntries(projections.map((p) => [p.name, p.version ?? 1])) };
    // Each write one position past the last: the stores keep a doc only from a later position than its own.
    const position = (stored?.position ?? 0) + 1;
    await this.readModels.commit([{ projection: PROJECTION_VERSIONS, docs: new Map([[PROJECTION_VERSIONS, versions]]), checkpoint: position }]);
  }

  /**
   * Folds each halted key again from the log up to its projection's checkpoint, as the code and the catalog's
   * upcasters now read it: a key that folds whole is written and starts again, one that still fails stays halted
   * (at the event it now fails on). One scan of the projection's events per projection with halted keys.
   */
  private async retryHalted(): Promise<void> {
    for (const projection of this.projections) {
      const halted = this.haltsOf(projection.name).filter((h) => !h.key.startsWith(UNKEYED));
      if (halted.length === 0) continue;
      const checkpoint = this.checkpoints.get(projection.name) ?? 0;
      const folded = await foldKeys(this.events, projection, new Set(halted.map((h) => h.key)), checkpoint);
      const docs = new Map<string, unknown>();
      const halts = new Map<string, KeyHalt | undefined>();
      for (const halt of halted) {
        const result = folded.get(halt.key)!;
        if ('failed' in result) {
          const again = { ...halt, position: result.failed.position, eventId: result.failed.id, type: result.failed.type, stream: result.failed.stream, error: result.error };
          this.halts.set(haltId(halt.projection, halt.key), again);
          halts.set(halt.key, again);
          continue;
        }
        docs.set(halt.key, result.doc);
        this.resume(halt, halts);
        this.log(`projection ${projection.name} folds key ${halt.key} whole again: it starts again`);
      }
      await this.readModels.commit([{ projection: projection.name, docs, checkpoint, halts }]);
    }
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

/** Whether the heap holds more than `share` of V8's limit on it. */
function heapFilled(share: number): boolean {
  const heap = v8.getHeapStatistics();
  return heap.used_heap_size > share * heap.heap_size_limit;
}

/** A projection whose stored checkpoint stood past the log's head at start. */
export interface CheckpointPastHead {
  projection: string;
  checkpoint: number;
  head: number;
}

/** The collection (and its one doc's key) holding the version each projection's read model was folded by. */
const PROJECTION_VERSIONS = 'projectionVersions';

const haltId = (projection: string, key: string) => `${projection}\u0000${key}`;

/**
 * Where an event goes in a projection: the owner it erases, or the key of the doc it changes (the keys of those, for
 * an event of several docs); or, should `erases`, `keys` or `key` throw (they read only ids the catalog requires,
 * test/readSide/projectionsTotal.unit.spec.ts), nowhere.
 */
function routeOf(projection: Projection, event: AppEvent): { owner: string } | { key: string } | { keys: readonly string[] } | { error: unknown } {
  try {
    const owner = projection.erases?.(event);
    if (owner !== undefined) return { owner };
    const keys = projection.keys?.(event);
    return keys ? { keys } : { key: projection.key(event) };
  } catch (error) {
    return { error };
  }
}

/** The same, with a doc's key as a list of one: for a fold that reads each doc from the store anyway. */
function routesOf(projection: Projection, event: AppEvent): { owner: string } | { keys: readonly string[] } | { error: unknown } {
  const route = routeOf(projection, event);
  return 'key' in route ? { keys: [route.key] } : route;
}

/**
 * The halt of an event no key was found for, under a key of its own that no doc has: the event is skipped, every key
 * goes on, and health shows it. It is not folded again at start (it names no key to fold); `npm run replay` does.
 */
const UNKEYED = '\u0000unkeyed event ';
const unkeyed = (position: number) => `${UNKEYED}${position}`;
