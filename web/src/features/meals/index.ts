/** What other features may use of meals; anything else in this folder is its own. */
export { useMealPlansQuery } from './mealsApi';
