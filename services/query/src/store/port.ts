/** What one projection changed in one batch: docs to write (or delete, when undefined) and where it now stands. */
export interface ProjectionBatch {
  projection: string;
  docs: Map<string, unknown>;
  /** Position of the last event of the batch; every doc above carries it as its `_position` guard. */
  checkpoint: number;
  /**
   * Owners whose every doc (keyed by the owner, or under `<owner>/`) written before this checkpoint is deleted, before
   * the docs above are written (see `Projection.erases`).
   */
  erasedOwners?: string[];
  /**
   * Keys of this projection that stop (a halt to store, or store again with more events waiting) or start again
   * (undefined: the halt is dropped), written after the docs above.
   */
  halts?: Map<string, KeyHalt | undefined>;
}

/**
 * A key a projection stopped at: the event it could not apply (its `evolve` threw), and how many of the key's later
 * events wait behind it. The projector skips the key's events until it starts again; every other key goes on.
 */
export interface KeyHalt {
  projection: string;
  key: string;
  /** The event it could not apply. */
  position: number;
  eventId: string;
  type: string;
  stream: string;
  error: string;
  /** The key's events after it, skipped so far. */
  waiting: number;
}

/** The field of a doc that names the index entries it is listed under (`indexDesc`). */
export const INDEX_FIELD = '_index';

/** A doc found by an index entry: its key and the entry. */
export interface IndexedDoc<D> {
  key: string;
  entry: string;
  doc: D;
}

/** The entries a doc lists itself under, read from its `_index` field: none unless that is an array of strings. */
export function indexEntriesOf(doc: unknown): string[] {
  const entries = doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>)[INDEX_FIELD] : undefined;
  return Array.isArray(entries) ? entries.filter((e): e is string => typeof e === 'string') : [];
}

/** A doc with the key it is stored under. */
export interface KeyedDoc<D> {
  key: string;
  doc: D;
}

/**
 * Where read models live: one collection per projection, docs by key. `commit` stores docs and checkpoints of a
 * batch together, so a crash mid-way never leaves a doc ahead of (or behind) its checkpoint.
 */
export interface ReadModelStore {
  readonly kind: string;
  get<D>(collection: string, key: string): Promise<D | undefined>;
  /** The doc with the position it was last written at: the projector skips events at or below it. */
  entry<D>(collection: string, key: string): Promise<{ doc: D; position: number } | undefined>;
  /** Every doc of a collection, ordered by key. */
  list<D>(collection: string): Promise<D[]>;
  /** The docs whose key starts with `prefix` (the chunks of one owner, see chunks.ts), ordered by key. */
  range<D>(collection: string, prefix: string): Promise<D[]>;
  /**
   * At most `limit` docs whose key starts with `prefix` and sorts below `below` (every such doc without it), with
   * their keys, highest key first: a history kept in dated docs read newest first, a screen's worth at a time.
   */
  rangeDesc<D>(collection: string, prefix: string, options: { below?: string; limit: number }): Promise<KeyedDoc<D>[]>;
  /** At most `limit` docs whose key starts with `prefix` and sorts above `above` (every such doc without it), lowest key first. */
  rangeAsc<D>(collection: string, prefix: string, options: { above?: string; limit: number }): Promise<KeyedDoc<D>[]>;
  /**
   * At most `limit` docs listed under an index entry that starts with `prefix` and sorts below `below` (every such
   * entry without it), highest entry first, with the entry they were found by. A doc lists itself under the strings
   * of its own `_index` field (an array of strings; see INDEX_FIELD), one entry per way a list is read; the store
   * keeps them beside the doc, so a page of a long list reads the page's docs and not the collection.
   */
  indexDesc<D>(collection: string, prefix: string, options: { below?: string; limit: number }): Promise<IndexedDoc<D>[]>;
  /**
   * A mark that is the same at two calls only if nothing stored changed in between, as far as this process can yet
   * tell (SQLite: its file's epoch, taken once per turn of the event loop, as its doc cache checks it), so a reader of
   * many docs can keep what it read while the mark stands; undefined where the store cannot tell (MongoDB). Taken
   * in the same turn as reads, it is the mark they were read at.
   */
  version(): string | undefined;
  /** Position each projection has applied up to; 0 for one that never ran. */
  checkpoints(projections: string[]): Promise<Map<string, number>>;
  commit(batches: ProjectionBatch[]): Promise<void>;
  /** The keys of these projections that are halted, as last committed. */
  halts(projections: string[]): Promise<KeyHalt[]>;
  /** Drops every doc, halt and the checkpoint of these projections, for a rebuild from position 0. */
  reset(projections: string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The keys from `prefix` (included) up to this (excluded) are exactly those starting with `prefix`, in both stores'
 * binary string order: the prefix with its last character moved one up.
 */
export function pastPrefix(prefix: string): string {
  if (prefix.length === 0) throw new Error('a key range needs a non-empty prefix');
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}
