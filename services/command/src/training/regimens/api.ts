/**
 * What other slices may use of workouts (the sessions slice runs its sessions on a regimen; chat, the starter plans'
 * worker and the save-plan route read or save regimens): a regimen as its own stream has it, whether its owner may
 * still use it, its exercises, recording a day as done, regimens as a kind of plan, what the trainer is told of one,
 * and saving one.
 */
import type { Regimen } from './regimen.js';

export { ownedRegimen } from './decide.js';
export { completeRegimenDay, regimenWithRoster, saveRegimenFlow } from './flows.js';
export { referencedRegimen } from './load.js';
export { workoutPlanInput, workoutPlanOf, type WorkoutPlanInput } from './planInput.js';
export { regimens } from './roster.js';
export { saveWorkoutPlan } from './savePlan.js';
export type { Regimen } from './regimen.js';

/** An exercise of a regimen, by its stable id. */
export interface RegimenExercise {
  workoutId: string;
  name: string;
}

/** Every exercise of a regimen, each with its stable id. */
export const exercisesOf = (r: Regimen): RegimenExercise[] =>
  r.status === 'saved' ? r.days.flatMap((d) => d.exercises.map(({ workoutId, name }) => ({ workoutId, name }))) : [];
