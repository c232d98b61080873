import type { ProfileAnswer } from '../../../../../contract/accounts/profileAnswer';
import { heightIn, inchesFrom, lbFrom, weightIn, type WeightUnit } from '../../../shared/units';

/** GET /api/profile (docs/product.md#what-the-app-keeps-and-answers "Profile (as read)"), as the server writes it. */
export type Profile = ProfileAnswer;

/** The form's inputs, as text where the input is text. */
export interface ProfileFormValues {
  name: string;
  age: string;
  gender: string;
  height: string;
  weight: string;
  bodyFatPercentage: string;
  musclePercentage: string;
  targetWeight: string;
  targetBodyFatPercentage: string;
  targetMusclePercentage: string;
  primaryGoal: string;
  secondaryGoal: string;
  weeklyWorkoutFrequency: string;
  activityLevel: string;
  gymExperience: number;
  helpPreferences: string[];
  accessibilityNeeds: string;
  dietType: string;
  calorieIntakeGoal: string;
  allergies: string;
  /** Where plans are trained ('' when not said yet). */
  equipment: string;
  role: number;
  /** The person's units: metric (cm, kg) or imperial (inches, lb); height and weights are typed in them. */
  units: WeightUnit;
  /**
   * The figures as read (inches and pounds) and as first shown: one shown rounded in cm or kg and left as it was goes
   * back as read, so saving the form never moves a height or a weight by a rounding.
   */
  asRead?: Partial<Record<'height' | 'weight' | 'targetWeight', { shown: string; units: WeightUnit; kept: number }>>;
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** A kept figure (inches or pounds) as the form shows it in `unit`; empty when there is none. */
const shown = (v: number | null | undefined, unit: WeightUnit, as: typeof heightIn) => (v === null || v === undefined ? '' : String(as(v, unit)));

export function profileToForm(p: Profile): ProfileFormValues {
  const units: WeightUnit = p.units === 'kg' ? 'kg' : 'lb';
  const asRead: NonNullable<ProfileFormValues['asRead']> = {};
  const figures = [
    ['height', p.height_in, heightIn],
    ['weight', p.weight_lb, weightIn],
    ['targetWeight', p.target_weight_lb, weightIn],
  ] as const;
  for (const [field, kept, as] of figures) if (kept !== null && kept !== undefined) asRead[field] = { shown: shown(kept, units, as), units, kept };
  return {
    asRead,
    name: str(p.name),
    age: str(p.age),
    gender: p.gender ?? 'Other',
    height: shown(p.height_in, units, heightIn),
    weight: shown(p.weight_lb, units, weightIn),
    bodyFatPercentage: str(p.body_fat_percentage),
    musclePercentage: str(p.muscle_percentage),
    targetWeight: shown(p.target_weight_lb, units, weightIn),
    targetBodyFatPercentage: str(p.target_body_fat_percentage),
    targetMusclePercentage: str(p.target_muscle_percentage),
    primaryGoal: str(p.primary_goal),
    secondaryGoal: str(p.secondary_goal),
    weeklyWorkoutFrequency: str(p.weekly_workout_frequency),
    activityLevel: str(p.activity_level),
    gymExperience: p.gym_experience ?? 0,
    helpPreferences: p.help_preferences ?? [],
    accessibilityNeeds: str(p.accessibility_needs),
    dietType: str(p.diet_type),
    calorieIntakeGoal: str(p.calorie_intake_goal),
    allergies: str(p.diet_restrictions),
    equipment: str(p.equipment),
    role: p.role ?? 1,
    units,
  };
}

/** The form in other units: what is typed in height and the weights is written again in them, so nothing changes size. */
export function withUnits(v: ProfileFormValues, units: WeightUnit): ProfileFormValues {
  if (units === v.units) return v;
  const again = (text: string, toKept: typeof inchesFrom, fromKept: typeof heightIn) => {
    const n = num(text);
    return n === null || !Number.isFinite(n) ? text : String(fromKept(toKept(n, v.units), units));
  };
  return { ...v, units, height: again(v.height, inchesFrom, heightIn), weight: again(v.weight, lbFrom, weightIn), targetWeight: again(v.targetWeight, lbFrom, weightIn) };
}

export type ProfileErrors = Partial<Record<keyof ProfileFormValues, string>>;

const num = (v: string) => (v.trim() === '' ? null : Number(v));

/** docs/product.md#what-input-is-accepted's profile rules: name, age, gender, height, weight and target weight required; weekly frequency a whole number ≥ 0. */
export function validateProfile(v: ProfileFormValues): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!v.name.trim()) errors.name = 'Name is required.';
  const required: [keyof ProfileFormValues, string][] = [
    ['age', 'Age'],
    ['height', 'Height'],
    ['weight', 'Weight'],
    ['targetWeight', 'Target weight'],
  ];
  for (const [key, label] of required) {
    const value = num(v[key] as string);
    if (value === null) errors[key] = `${label} is required.`;
    else if (!Number.isFinite(value) || value <= 0) errors[key] = `${label} must be a positive number.`;
  }
  if (!v.gender) errors.gender = 'Gender is required.';
  const optional: [keyof ProfileFormValues, string][] = [
    ['bodyFatPercentage', 'Body fat'],
    ['musclePercentage', 'Muscle'],
    ['targetBodyFatPercentage', 'Target body fat'],
    ['targetMusclePercentage', 'Target muscle'],
  ];
  for (const [key, label] of optional) {
    const value = num(v[key] as string);
    if (value !== null && !(Number.isFinite(value) && value >= 0 && value <= 100)) errors[key] = `${label} must be a percentage from 0 to 100.`;
  }
  const weekly = num(v.weeklyWorkoutFrequency);
  if (weekly !== null && !(Number.isInteger(weekly) && weekly >= 0)) errors.weeklyWorkoutFrequency = 'Weekly workouts must be a whole number of 0 or more.';
  const calories = num(v.calorieIntakeGoal);
  if (calories !== null && !(Number.isFinite(calories) && calories >= 0)) errors.calorieIntakeGoal = 'Calorie goal must be a number of 0 or more.';
  return errors;
}

const kept = (v: ProfileFormValues, field: 'height' | 'weight' | 'targetWeight', as: typeof lbFrom) => {
  const read = v.asRead?.[field];
  if (read && read.shown === v[field].trim() && read.units === v.units) return read.kept;
  const n = num(v[field]);
  return n === null || !Number.isFinite(n) ? n : as(n, v.units);
};

/** PUT /api/profile (docs/product.md#what-the-app-keeps-and-answers "Profile (as saved)"); empty inputs go as null (spec: stored as null). */
export function profilePayload(v: ProfileFormValues, timeZone: string) {
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    name: v.name.trim(),
    age: num(v.age),
    gender: v.gender,
    // Kept as the spec's inches and pounds, typed in the person's units.
    height: kept(v, 'height', inchesFrom),
    weight: kept(v, 'weight', lbFrom),
    bodyFatPercentage: num(v.bodyFatPercentage),
    musclePercentage: num(v.musclePercentage),
    targetWeight: kept(v, 'targetWeight', lbFrom),
    targetBodyFatPercentage: num(v.targetBodyFatPercentage),
    targetMusclePercentage: num(v.targetMusclePercentage),
    primaryGoal: text(v.primaryGoal),
    secondaryGoal: text(v.secondaryGoal),
    weeklyWorkoutFrequency: num(v.weeklyWorkoutFrequency),
    activityLevel: text(v.activityLevel),
    gymExperience: v.gymExperience,
    helpPreferences: v.helpPreferences,
    accessibilityNeeds: text(v.accessibilityNeeds),
    dietType: text(v.dietType),
    calorieIntakeGoal: num(v.calorieIntakeGoal),
    allergies: text(v.allergies),
    equipment: v.equipment || null,
    role: v.role,
    timeZone,
    units: v.units,
  };
}
