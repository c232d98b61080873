import { KG_PER_LB, type WeightUnit } from '../../../../../contract/weightUnits';

/** The weight unit the user reads and enters lifts in (the profile's `units`). */
export type { WeightUnit };

/** The pound, as the server converts with it (contract/weightUnits.ts). */
export { KG_PER_LB };

/** A weight as the server answers it: the number entered, its unit, and pounds. */
export interface Weighed {
  weight: number;
  unit: WeightUnit;
  weight_lb: number;
}

const tidy = (n: number) => String(Math.round(n * 10) / 10);

/**
 * A weight in the user's unit. Entered in that unit, it is shown exactly as entered (100 kg stays 100 kg whatever
 * the user switched meanwhile); else converted from pounds and rounded to a tenth.
 */
export function inUnit(w: Weighed, unit: WeightUnit): number {
  if (w.unit === unit) return w.weight;
  return Number(tidy(unit === 'kg' ? w.weight_lb * KG_PER_LB : w.weight_lb));
}

export const showWeight = (w: Weighed, unit: WeightUnit) => `${inUnit(w, unit)} ${unit}`;

/** A pound figure (an e1RM, a volume) in the user's unit, rounded. */
export const showLb = (lb: number, unit: WeightUnit) => `${unit === 'kg' ? tidy(lb * KG_PER_LB) : tidy(lb)} ${unit}`;

/** The body field a weight entered in `unit` goes in. */
export const weightField = (unit: WeightUnit) => (unit === 'kg' ? 'weightKg' : 'weightLb');
