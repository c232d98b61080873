import { regimenStream, workoutRosterStream } from '../../../../events/streams.js';
import type { EventStore } from '../../../../events/store/port.js';
import { load } from '../execute.js';
import { regimen, type Regimen } from './regimen.js';
import { roster, type Roster } from './roster.js';

/** A regimen's stream and its owner's roster, which says whether it is deleted or primary. */
export async function loadRegimenAndRoster(store: EventStore, userId: string, regimenId: string): Promise<{ regimen: Regimen; roster: Roster }> {
  const [r, w] = await Promise.all([load(store, regimenStream(regimenId), regimen), load(store, workoutRosterStream(userId), roster)]);
  return { regimen: r.state, roster: w.state };
}
