import { newEvent } from '../../../../../events/catalog.js';
import { regimenStream, workoutRosterStream } from '../../../../../events/streams.js';
import { MAX_PLANS_PER_KIND } from '../../../../../contract/plans/planLimits.js';
import { planKind, type DeletedFact, type ListedFact, type SelectedFact } from '../../plans/api.js';
import { regimen } from './regimen.js';

/** Workout regimens as a kind of plan: their roster is the user's `workouts-<id>` stream. */
export const regimens = planKind({
  streams: { roster: workoutRosterStream, plan: regimenStream },
  plan: regimen,
  events: {
    selected: ({ userId, planId, previousId, currentDay, now }: SelectedFact) =>
      newEvent('PrimaryRegimenSelected', { userId, regimenId: planId, previousRegimenId: previousId, currentDay, selectedAt: now }),
    deleted: ({ userId, planId, now }: DeletedFact) => newEvent('RegimenDeleted', { userId, regimenId: planId, deletedAt: now }),
    listed: ({ userId, planId, name, now }: ListedFact) => newEvent('RegimenListed', { userId, regimenId: planId, listedAt: now, name }),
  },
  id: 'regimenId',
  words: {
    noSuchPlan: 'No such workout plan',
    primaryCannotBeDeleted: 'The primary workout plan cannot be deleted. Make another plan primary first.',
    full: `You have ${MAX_PLANS_PER_KIND} saved workout plans, the most one account keeps. Delete one you no longer use to save another.`,
  },
});
