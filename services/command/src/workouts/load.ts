import { regimenStream } from '../../../../events/streams.js';
import type { EventStore } from '../../../../events/store/port.js';
import type { ReferencedRegimen } from '../../../coach/types.js';
import { load } from '../execute.js';
import { primaryPlanId } from '../plans/roster.js';
import { regimen, type Regimen } from './regimen.js';
import { regimens } from './roster.js';

/** The user's primary regimen as the log has it now (the roster, then the regimen's own stream), or null. */
export async function loadPrimaryRegimen(store: EventStore, userId: string): Promise<ReferencedRegimen | null> {
  const regimenId = await primaryPlanId(store, regimens, userId);
  if (regimenId === null) return null;
  const { state: r } = await load(store, regimenStream(regimenId), regimen);
  if (r.status === 'none' || r.userId !== userId) return null;
  return referencedRegimen(r);
}

/** What the trainer is told of a saved regimen. */
export function referencedRegimen(r: Extract<Regimen, { status: 'saved' }>): ReferencedRegimen {
  const { regimenId, name, description, goal, level, durationWeeks, currentDay, days } = r;
  return { regimenId, name, description, goal, level, durationWeeks, currentDay, days };
}
