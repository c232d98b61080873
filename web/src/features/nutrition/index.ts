/** What app/ composes into other features' pages; anything else in this folder is nutrition's own. */
export { useMealPlansQuery } from './mealsApi';
