/** What other features may use of records; anything else in this folder is its own. */
export { NewRecords } from './NewRecords';
export { RecentRecords } from './RecentRecords';
export { useDeleteSetMutation, useLogSetMutation, useSessionSetsQuery, type LoggedSet } from './recordsApi';
export { StrengthPanel } from './StrengthPanel';
export { inUnit, showWeight, weightField, type WeightUnit } from './units';
export { useUnits } from './useUnits';
