/**
 * Docs that would otherwise keep a user's whole history (every measurement, every login) are cut into chunks by
 * the revision of the event in its stream: the key names the owner and the chunk, so it follows from the event alone
 * (the projection stays a pure fold), a chunk never holds more than `CHUNK_REVISIONS` entries, and the projector
 * reads and rewrites only the chunk an event falls in, however long the history is. Readers take every chunk of
 * an owner with `ReadModelStore.range(collection, chunksOf(owner))`, in order.
 */
export const CHUNK_REVISIONS = 256;

/** Zero-padded, so chunks sort by number as strings do. */
export const chunkKey = (owner: string, revision: number) => `${chunksOf(owner)}${String(Math.floor(revision / CHUNK_REVISIONS)).padStart(6, '0')}`;

/** The key prefix every chunk of `owner` starts with. */
export const chunksOf = (owner: string) => `${owner}/`;

/** An owner's chunks, in key order, as one doc: the first chunk with `field` (the growing list) of all of them. */
export function joinChunks<D, K extends keyof D>(chunks: D[], field: K): D | undefined {
  if (chunks.length <= 1) return chunks[0];
  return { ...chunks[0]!, [field]: chunks.flatMap((c) => c[field] as unknown[]) };
}
