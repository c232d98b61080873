import { KG_PER_LB, type WeightUnit } from '../../../contract/weightUnits.js';
import type { ProfileFields } from '../../../events/user.js';
import type { Goal } from './profile.js';
import { bodyWeight, unitOf } from './text.js';

/** Energy and protein targets, each rule as docs/capabilities/coach-rules.md states it (Energy, Macros; sources there). */

export const CM_PER_IN = 2.54;

/** The activity factors used with Mifflin-St Jeor, mapped in order to the spec's activity levels. */
export const ACTIVITY_FACTORS: Record<NonNullable<ProfileFields['activityLevel']>, number> = {
  'Not very active': 1.2,
  'Moderately exercise': 1.375,
  'Already working out a few days a week': 1.55,
  'Very active': 1.725,
};

/** Common clinical floors without medical supervision; Other takes the mean, as it does for BMR (docs/capabilities/coach-rules.md, Energy). */
export const CALORIE_FLOORS = { Female: 1200, Male: 1500, Other: 1350 } as const;
/** A plan the app can still portion sensibly; a goal above this is almost always a typo. */
export const CALORIE_CEILING = 6000;
const DEFICIT = 500;
const MAX_DEFICIT_SHARE = 0.25;
const SURPLUS = 300;

/** Body figures used when the profile leaves one empty; the reply says which were assumed. */
export const ASSUMED = { ageYears: 30, heightIn: 67, weightLb: { Male: 180, Female: 150, Other: 165 } } as const;

/** Mifflin-St Jeor (1990) resting energy in kcal/day. */
export function mifflinStJeor(kg: number, cm: number, age: number, gender: ProfileFields['gender']): number {
  const base = 10 * kg + 6.25 * cm - 5 * age;
  const men = base + 5;
  const women = base - 161;
  return gender === 'Male' ? men : gender === 'Female' ? women : (men + women) / 2;
}

export interface EnergyTarget {
  /** The body as the profile has it (or as assumed), and in the formula's units. */
  weightLb: number;
  heightIn: number;
  kg: number;
  cm: number;
  age: number;
  /** Which body figures were missing from the profile and assumed. */
  assumed: string[];
  bmr: number;
  activityFactor: number;
  /** The activity level used (the profile's, or the lowest when it is empty). */
  activityLevel: NonNullable<ProfileFields['activityLevel']>;
  tdee: number;
  /** What goal adjustment applied: e.g. -500 for a deficit. */
  adjustment: number;
  /** The daily target before the profile's own goal and the floor. */
  estimate: number;
  /** The plan's daily calories. */
  target: number;
  /** Where the target came from. */
  source: 'estimate' | 'profile goal';
  floor: number;
  /** The target was raised to the floor, or lowered to the ceiling. */
  clamped: 'floor' | 'ceiling' | null;
  proteinGrams: number;
  proteinPerKg: number;
}

/** Protein g/kg by goal: 1.6 to build (Morton 2018), 1.8 while losing (Helms: 1.6–2.2), 1.2 otherwise (RDA 0.8 is the floor). */
const PROTEIN_PER_KG: Record<Goal, number> = { lose: 1.8, muscle: 1.6, strength: 1.6, endurance: 1.4, general: 1.2 };
export const RDA_PROTEIN_PER_KG = 0.8;
/**
 * g/kg of total weight overshoots for a heavy body or a small calorie budget (300 g a day at 180 kg): protein is
 * capped at 35% of calories, the top of its AMDR (US Dietary Reference Intakes), but never below the RDA.
 */
const MAX_PROTEIN_SHARE = 0.35;

/**
 * `noDeficit` is set when a deficit would be unsafe to plan without a clinician (under 18, pregnancy, an eating
 * disorder): the plan then holds maintenance.
 */
export function energyTarget(profile: ProfileFields, goal: Goal, noDeficit: boolean): EnergyTarget {
  const assumed: string[] = [];
  const weightLb = profile.weightLb && profile.weightLb > 0 ? profile.weightLb : (assumed.push(`weight ${bodyWeight(ASSUMED.weightLb[profile.gender], unitOf(profile))}`), ASSUMED.weightLb[profile.gender]);
  const heightIn = profile.heightIn && profile.heightIn > 0 ? profile.heightIn : (assumed.push(unitOf(profile) === 'kg' ? `height ${Math.round(ASSUMED.heightIn * CM_PER_IN)} cm` : `height ${ASSUMED.heightIn} in`), ASSUMED.heightIn);
  const age = profile.age && profile.age > 0 ? profile.age : (assumed.push(`age ${ASSUMED.ageYears}`), ASSUMED.ageYears);
  const kg = weightLb * KG_PER_LB;
  const cm = heightIn * CM_PER_IN;
  const bmr = Math.round(mifflinStJeor(kg, cm, age, profile.gender));
  const activityLevel = profile.activityLevel ?? 'Not very active';
  const activityFactor = ACTIVITY_FACTORS[activityLevel];
  const tdee = Math.round(bmr * activityFactor);
  const adjustment =
    goal === 'lose' && !noDeficit ? -Math.round(Math.min(DEFICIT, tdee * MAX_DEFICIT_SHARE)) : goal === 'muscle' ? SURPLUS : 0;
  const estimate = roundTo10(tdee + adjustment);
  const floor = CALORIE_FLOORS[profile.gender];
  const own = profile.calorieIntakeGoal && profile.calorieIntakeGoal > 0 ? Math.round(profile.calorieIntakeGoal) : null;
  const wanted = own ?? estimate;
  const target = Math.min(CALORIE_CEILING, Math.max(floor, wanted));
  const proteinPerKg = PROTEIN_PER_KG[goal];
  return {
    weightLb,
    heightIn,
    kg,
    cm,
    age,
    assumed,
    bmr,
    activityFactor,
    activityLevel,
    tdee,
    adjustment,
    estimate,
    target,
    source: own === null ? 'estimate' : 'profile goal',
    floor,
    clamped: wanted < floor ? 'floor' : wanted > CALORIE_CEILING ? 'ceiling' : null,
    proteinGrams: Math.round(Math.max(kg * RDA_PROTEIN_PER_KG, Math.min(kg * proteinPerKg, (target * MAX_PROTEIN_SHARE) / 4))),
    proteinPerKg,
  };
}

const roundTo10 = (n: number) => Math.round(n / 10) * 10;

export const kcal = (n: number) => `${Math.round(n).toLocaleString('en-US')} kcal`;

/**
 * The energy reasoning in plain words, naming every number, for a reply. The body is named in the person's unit: a
 * metric person's in kg and cm, which the formula uses; an imperial one's in lb and inches, the metric figures beside.
 */
export function explainEnergy(e: EnergyTarget, goal: Goal, noDeficit: boolean, unit: WeightUnit): string[] {
  const body = unit === 'kg' ? `${Math.round(e.kg)} kg, ${Math.round(e.cm)} cm` : `${Math.round(e.weightLb)} lb (${Math.round(e.kg)} kg), ${Math.round(e.heightIn)} in (${Math.round(e.cm)} cm)`;
  const lines = [
    `- Resting energy (BMR, Mifflin-St Jeor): ${kcal(e.bmr)} from ${body}, age ${e.age}.`,
    `- Daily burn (TDEE): ${kcal(e.bmr)} × ${e.activityFactor} for "${e.activityLevel}" = ${kcal(e.tdee)}.`,
  ];
  if (goal === 'lose' && noDeficit) lines.push(`- Goal: I kept you at maintenance instead of a deficit (see the note below): ${kcal(e.estimate)}.`);
  else if (goal === 'lose') lines.push(`- Goal (lose weight): ${e.adjustment} kcal a day (about ${unit === 'kg' ? '0.5 kg' : '1 lb, or 0.5 kg,'} a week, never more than 25% below maintenance) = ${kcal(e.estimate)}.`);
  else if (goal === 'muscle') lines.push(`- Goal (build muscle): +${e.adjustment} kcal a day for a lean surplus = ${kcal(e.estimate)}.`);
  else lines.push(`- Goal: maintenance = ${kcal(e.estimate)}.`);
  if (e.source === 'profile goal') lines.push(`- Your profile sets your own calorie goal, so it wins over my estimate: ${kcal(e.target)} a day.`);
  if (e.clamped === 'floor') lines.push(`- I never plan below ${kcal(e.floor)} a day without medical supervision, so the plan uses ${kcal(e.target)}.`);
  if (e.clamped === 'ceiling') lines.push(`- I capped the plan at ${kcal(e.target)} a day; if you really need more, talk to a dietitian.`);
  const perKg = Math.round((e.proteinGrams / e.kg) * 10) / 10;
  lines.push(
    `- Target: ${kcal(e.target)} a day, with about ${e.proteinGrams} g protein (${perKg} g per kg of body weight${perKg < e.proteinPerKg ? `; ${e.proteinPerKg} g/kg would be over a third of your calories, so I capped it` : ''}).`,
  );
  if (e.assumed.length > 0) lines.push(`- Your profile has no ${e.assumed.map((a) => a.split(' ')[0]).join(', ')}, so I assumed ${e.assumed.join(', ')}; add yours for a better estimate.`);
  return lines;
}
