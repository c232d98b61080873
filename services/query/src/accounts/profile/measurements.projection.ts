import { chunkKey } from '../../chunks.js';
import { erasesAccount, type Projection } from '../../projection.js';

export interface Measurement {
  at: string;
  weight_lb: number | null;
  body_fat_percentage: number | null;
  muscle_percentage: number | null;
}

/**
 * Dated body measurements of a user, oldest first: the progress charts and the snapshot read these. One doc per
 * chunk of the user stream (chunks.ts), so recording one never rewrites the whole history; `joinChunks`
 * puts the chunks back together.
 */
export interface MeasurementsDoc {
  user_id: string;
  history: Measurement[];
}

export const measurementsProjection: Projection<MeasurementsDoc> = {
  name: 'measurements',
  handles: ['MeasurementRecorded', 'AccountDeleted'],
  // An erased account's history goes with it (every chunk).
  erases: erasesAccount,
  key: (event) => chunkKey((event.data as { userId: string }).userId, event.revision),
  evolve(doc, event) {
    if (event.type !== 'MeasurementRecorded') return doc;
    const { userId, measuredAt, weightLb, bodyFatPercentage, musclePercentage } = event.data;
    const entry = { at: measuredAt, weight_lb: weightLb, body_fat_percentage: bodyFatPercentage, muscle_percentage: musclePercentage };
    return { user_id: userId, history: [...(doc?.history ?? []), entry] };
  },
};
