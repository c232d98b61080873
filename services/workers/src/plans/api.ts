/** What other capabilities of the workers may use of plans: the queue plan jobs run on. */
export { PLAN_QUEUE } from './starterPlans.js';
