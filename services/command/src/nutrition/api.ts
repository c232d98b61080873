/**
 * What other slices (chat, the starter plans' worker, the save-plan route) may use of meals: meal plans as a kind
 * of plan, what the trainer is told of one, and saving one (the wire shape, its command, the flow, the route).
 */
export { mealPlans } from './roster.js';
export { referencedMealPlan } from './primaryPlan.js';
export { mealPlanInput, mealPlanOf, type MealPlanInput } from './planInput.js';
export { saveMealPlanFlow } from './flows.js';
export { saveMealPlan } from './savePlan.js';
