/** The unit the person chose, read in one place for every screen (web/src/shared/units.ts). */
export { useUnit as useUnits } from '../../../shared/units';
