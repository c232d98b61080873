import type { ReadModelStore } from '../../store/port.js';
import { chunksOf } from '../../chunks.js';
import { recordsProjection, recordsView, type Records, type RecordsPart } from './records.projection.js';

/** One person's records docs: their own and every one under it, in one range (undefined where they have no own doc). */
export async function readRecordParts(readModels: ReadModelStore, userId: string): Promise<(RecordsPart | undefined)[]> {
  const [ended, parts] = await Promise.all([readModels.get<RecordsPart>(recordsProjection.name, userId), readModels.range<RecordsPart>(recordsProjection.name, chunksOf(userId))]);
  return [ended, ...parts];
}

/** One person's records, joined from their docs (`recordsView`). */
export const readRecords = async (readModels: ReadModelStore, userId: string): Promise<Records> => recordsView(userId, await readRecordParts(readModels, userId));
