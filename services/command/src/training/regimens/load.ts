import type { ReferencedRegimen } from '../../../../domain/coach/types.js';
import type { Regimen } from './regimen.js';

/** What the trainer is told of a saved regimen. */
export function referencedRegimen(r: Extract<Regimen, { status: 'saved' }>): ReferencedRegimen {
  const { regimenId, name, description, goal, level, durationWeeks, currentDay, days } = r;
  return { regimenId, name, description, goal, level, durationWeeks, currentDay, days };
}
