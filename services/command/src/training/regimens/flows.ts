import type { AppEvent, AppNewEvent } from '../../../../../events/catalog.js';
import { regimenStream } from '../../../../../events/streams.js';
import { decided, loaded, type Decided, type Flow } from '../../flow.js';
import { isDeleted, savePlan } from '../../plans/api.js';
import { completeDay, saveRegimen, type CompleteDay, type ProgressCommand, type SaveRegimen } from './decide.js';
import { regimen, type Regimen } from './regimen.js';
import { regimens } from './roster.js';

/** Saving a regimen: POST /api/savePlan, the workers' starter plans and the bench all go through here. */
export const saveRegimenFlow = (command: SaveRegimen): Flow<number> =>
  savePlan(
    regimens,
    { ...command, planId: command.regimenId, name: command.plan.name },
    (state, name) => saveRegimen(state, { ...command, plan: { ...command.plan, name } }),
    { plan: 'regimen', roster: 'roster' },
  );

/** The dashboard's day actions: decided on the regimen, knowing from the roster whether it is still there. */
export function* regimenProgressFlow(
  decide: (state: Regimen, command: ProgressCommand) => AppNewEvent[],
  { userId, regimenId, now }: { userId: string; regimenId: string; now: string },
): Flow<Decided & { after: Regimen }> {
  const deleted = yield* isDeleted(regimens, userId, regimenId);
  let after: Regimen = regimen.initialState;
  const result = yield* decided(regimenStream(regimenId), regimen, (state) => {
    const events = decide(state, { userId, deleted, now });
    // The answer tells the day the regimen is on now; the decided events are folded like stored ones.
    after = events.reduce((s, e) => regimen.evolve(s, e as AppEvent), state);
    return events;
  });
  return { ...result, after };
}

/** A session on the regimen ended: its day is recorded as done, unless the regimen was deleted meanwhile. */
export function* completeRegimenDay({ regimenId, ...command }: Omit<CompleteDay, 'deleted'> & { regimenId: string }, step?: string): Flow<Decided> {
  const deleted = yield* isDeleted(regimens, command.userId, regimenId);
  return yield* decided(regimenStream(regimenId), regimen, (state) => completeDay(state, { ...command, deleted }), step);
}

/** A regimen as its own stream has it, and whether its owner deleted it. */
export function* regimenWithRoster(userId: string, regimenId: string): Flow<{ regimen: Regimen; deleted: boolean }> {
  const r = yield* loaded(regimenStream(regimenId), regimen);
  return { regimen: r, deleted: yield* isDeleted(regimens, userId, regimenId) };
}
