/** What other features may use of subscription; anything else in this folder is its own. */
export { INITIAL_PLAN_KEY } from './initialPlan';
export { rememberedPlan, rememberPlan } from './chosenPlan';
