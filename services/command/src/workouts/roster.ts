import { newEvent } from '../../../../events/catalog.js';
import { regimenStream, workoutRosterStream } from '../../../../events/streams.js';
import { planKind } from '../plans/roster.js';
import { regimen } from './regimen.js';

export const NO_SUCH_REGIMEN = 'No such workout plan';
export const PRIMARY_CANNOT_BE_DELETED = 'The primary workout plan cannot be deleted. Make another plan primary first.';

/** Workout regimens as a kind of plan: their roster is the user's `workouts-<id>` stream. */
export const regimens = planKind({
  rosterStream: workoutRosterStream,
  selectedIn: (event) => (event.type === 'PrimaryRegimenSelected' ? event.data.regimenId : undefined),
  deletedIn: (event) => (event.type === 'RegimenDeleted' ? event.data.regimenId : undefined),
  selected: ({ userId, planId, previousId, currentDay, now }) =>
    newEvent('PrimaryRegimenSelected', { userId, regimenId: planId, previousRegimenId: previousId, currentDay, selectedAt: now }),
  deleted: ({ userId, planId, now }) => newEvent('RegimenDeleted', { userId, regimenId: planId, deletedAt: now }),
  planStream: regimenStream,
  plan: regimen,
  refOf: (r) => (r.status === 'none' ? r : { status: 'saved', planId: r.regimenId, userId: r.userId, currentDay: r.currentDay }),
  noSuchPlan: NO_SUCH_REGIMEN,
  primaryCannotBeDeleted: PRIMARY_CANNOT_BE_DELETED,
});
