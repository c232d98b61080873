/**
 * Docs that would otherwise keep a user's whole history are cut into chunks whose key names the owner and the chunk,
 * so it follows from the event alone (the projection stays a pure fold) and the projector reads and rewrites only
 * the chunk an event falls in, however long the history is. Readers take every chunk of an owner with
 * `ReadModelStore.range(collection, chunksOf(owner))`, in key order.
 * - `chunkKey`: by the event's revision in its stream (measurements, logins): a chunk holds at most
 *   `CHUNK_REVISIONS` entries.
 * - `monthKey`: by the UTC month of a dated fact, for facts whose later events name only that date (a meal log and
 *   its undo both carry `loggedAt`).
 */
export const CHUNK_REVISIONS = 256;

/** Zero-padded, so chunks sort by number as strings do. */
export const chunkKey = (owner: string, revision: number) => `${chunksOf(owner)}${String(Math.floor(revision / CHUNK_REVISIONS)).padStart(6, '0')}`;

/** The month ('YYYY-MM') of an ISO instant as the command side writes them (always UTC, 'Z'). */
export const monthKey = (owner: string, instant: string) => `${chunksOf(owner)}${instant.slice(0, 7)}`;

/**
 * The key of a person's fact kept by month: the month of the date or instant in the event's `field`, which every
 * event about the fact carries (a food log entry and its deletion both name its `day`).
 */
export const byMonthOf =
  (field: string) =>
  (event: { data: unknown }): string => {
    const data = event.data as Record<string, string>;
    return monthKey(data.userId!, data[field]!);
  };

/** The key prefix every chunk of `owner` starts with. */
export const chunksOf = (owner: string) => `${owner}/`;

/** An owner's chunks, in key order, as one doc: the first chunk with `field` (the growing list) of all of them. */
export function joinChunks<D, K extends keyof D>(chunks: D[], field: K): D | undefined {
  if (chunks.length <= 1) return chunks[0];
  return { ...chunks[0]!, [field]: chunks.flatMap((c) => c[field] as unknown[]) };
}
