import type { ProfileFields } from '../../events/user.js';
import type { CoachReply, CoachRequest, MealPlanData, WorkoutPlanData } from './types.js';

export type * from './types.js';

/** CONTRACT SCAFFOLD — replaced by the coach implementation before anything lands. */
export function builtInCoach(_request: CoachRequest): CoachReply {
  throw new Error('built-in coach not implemented yet');
}

/** CONTRACT SCAFFOLD — the starter regimen and meal plan the workers save after an activation. */
export function starterPlans(_profile: ProfileFields): { workout: WorkoutPlanData; meal: MealPlanData } {
  throw new Error('starter plans not implemented yet');
}
