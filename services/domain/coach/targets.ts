import type { ProfileFields } from '../../../events/user.js';
import type { DietTag } from '../nutrition/diets.js';
import { energyTarget, type EnergyTarget } from './energy.js';
import { noDeficitFor, readProfile, type Reading } from './profile.js';

/** A person's daily targets: calories and protein (energy.ts), and the carbohydrate and fat that fill the rest. */
export interface DailyTargets extends EnergyTarget {
  carbsGrams: number;
  fatsGrams: number;
}

/**
 * Fat's share of calories: 30%, the middle of its 20–35% range (US Dietary Reference Intakes); a low-carb diet moves
 * energy to fat (45%) and keto most of it (70%), which is what keeps their carbohydrate low.
 */
const FAT_SHARE = { plain: 0.3, 'low-carb': 0.45, keto: 0.7 } as const;

/** The fat target in grams: its share of the calorie target, by diet. */
export function fatsTarget(energy: Pick<EnergyTarget, 'target'>, diet: readonly DietTag[]): number {
  const share = diet.includes('keto') ? FAT_SHARE.keto : diet.includes('low-carb') ? FAT_SHARE['low-carb'] : FAT_SHARE.plain;
  return Math.round((energy.target * share) / 9);
}

/** The carbohydrate target in grams: what the calorie target leaves after protein and fat (4 kcal a gram). */
export function carbsTarget(energy: Pick<EnergyTarget, 'target' | 'proteinGrams'>, fatsGrams: number): number {
  return Math.max(0, Math.round((energy.target - energy.proteinGrams * 4 - fatsGrams * 9) / 4));
}

/** The energy target with the carbohydrate and fat that go with it, for a reading (its diet decides the fat share). */
export function withMacros(energy: EnergyTarget, reading: Pick<Reading, 'diet'>): DailyTargets {
  const fatsGrams = fatsTarget(energy, reading.diet.tags);
  return { ...energy, fatsGrams, carbsGrams: carbsTarget(energy, fatsGrams) };
}

/** The three macro targets in one phrase, as the plan text and every reply say them. */
export const macrosText = (t: DailyTargets) => `${t.proteinGrams} g protein, ${t.carbsGrams} g carbs and ${t.fatsGrams} g fat`;

/**
 * A person's daily targets, from the one rule that sets each: the coach's plans and replies and the dashboard all
 * show this result, so protein, carbs and fat are one number each everywhere. At a plan's calorie goal, when there
 * is one (the plan's calories then count as the person's own goal).
 */
export function dailyTargets(profile: ProfileFields, planCalories?: number | null, said: readonly string[] = []): DailyTargets {
  const reading = readProfile(profile, '', { said });
  const at = planCalories && planCalories > 0 ? { ...profile, calorieIntakeGoal: planCalories } : profile;
  return withMacros(energyTarget(at, reading.goal, noDeficitFor(reading.concerns)), reading);
}
