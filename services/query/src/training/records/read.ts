import type { ReadModelStore } from '../../store/port.js';
import { chunksOf } from '../../chunks.js';
import { recordsProjection, recordsView, type Records, type RecordsPart } from './records.projection.js';

/** One person's records: their own doc and every doc under it, in one range, joined (`recordsView`). */
export async function readRecords(readModels: ReadModelStore, userId: string): Promise<Records> {
  const [ended, parts] = await Promise.all([readModels.get<RecordsPart>(recordsProjection.name, userId), readModels.range<RecordsPart>(recordsProjection.name, chunksOf(userId))]);
  return recordsView(userId, [ended, ...parts]);
}
