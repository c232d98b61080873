/** Spec §3/§4: set on subscription confirmation so the profile can show its first-plan banner before the server says so. */
export const INITIAL_PLAN_KEY = 'initialPlanGenerated';
