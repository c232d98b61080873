/**
 * The most plans of one kind (workout regimens, meal plans) an account keeps, not counting deleted ones. Each plan is
 * bounded in size by its input's limits, so this bounds what one account can store; a real user keeps a handful.
 * Imports nothing: the web client reads it too, to ask for every plan in one page.
 */
export const MAX_PLANS_PER_KIND = 100;
