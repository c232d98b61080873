/**
 * What other slices may use of workouts (the sessions slice runs its sessions on a regimen): a regimen as its own
 * stream has it, whether its owner may still use it, its exercises, and recording a day as done.
 */
import type { Regimen } from './regimen.js';

export { ownedRegimen } from './decide.js';
export { completeRegimenDay, regimenWithRoster } from './flows.js';
export type { Regimen } from './regimen.js';

/** An exercise of a regimen, by its stable id. */
export interface RegimenExercise {
  workoutId: string;
  name: string;
}

/** Every exercise of a regimen, each with its stable id. */
export const exercisesOf = (r: Regimen): RegimenExercise[] =>
  r.status === 'saved' ? r.days.flatMap((d) => d.exercises.map(({ workoutId, name }) => ({ workoutId, name }))) : [];
