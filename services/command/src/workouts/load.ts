import { regimenStream, workoutRosterStream } from '../../../../events/streams.js';
import type { EventStore } from '../../../../events/store/port.js';
import type { ReferencedRegimen } from '../../../coach/types.js';
import { load } from '../execute.js';
import { regimen, type Regimen } from './regimen.js';
import { roster, type Roster } from './roster.js';

/** A regimen's stream and its owner's roster, which says whether it is deleted or primary. */
export async function loadRegimenAndRoster(store: EventStore, userId: string, regimenId: string): Promise<{ regimen: Regimen; roster: Roster }> {
  const [r, w] = await Promise.all([load(store, regimenStream(regimenId), regimen), load(store, workoutRosterStream(userId), roster)]);
  return { regimen: r.state, roster: w.state };
}

/** The user's primary regimen as the log has it now (the roster, then the regimen's own stream), or null. */
export async function loadPrimaryRegimen(store: EventStore, userId: string): Promise<ReferencedRegimen | null> {
  const { state: userRoster } = await load(store, workoutRosterStream(userId), roster);
  const regimenId = userRoster.primaryRegimenId;
  if (regimenId === null || userRoster.deletedRegimenIds.includes(regimenId)) return null;
  const { state: r } = await load(store, regimenStream(regimenId), regimen);
  if (r.status === 'none' || r.userId !== userId) return null;
  const { name, description, goal, level, durationWeeks, currentDay, days } = r;
  return { regimenId, name, description, goal, level, durationWeeks, currentDay, days };
}
