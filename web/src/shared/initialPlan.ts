/** docs/product.md#what-the-app-keeps-and-answers/docs/product.md#how-things-change: set on subscription confirmation so the profile can show its first-plan banner before the server says so. */
export const INITIAL_PLAN_KEY = 'initialPlanGenerated';
