/**
 * What other slices may use of plans: the rules every kind of plan shares (one primary, the primary cannot be
 * deleted, a cap per kind, distinct names), the safety checks on a plan's content, and the route that selects or
 * deletes a plan of any kind. A kind of plan (workouts, meals) defines itself with `planKind`.
 */
export { choosePlan, isDeleted, listSavedPlan, loadPrimaryPlan, ownedPlan, planKind, primaryPlanId, savePlan, type DeletedFact, type ListedFact, type PlanKind, type SelectedFact } from './roster.js';
export { planRosterRoute } from './routes.js';
export { checkMealPlan, checkWorkoutPlan } from './safety.js';
