import { isEmail } from '../../../shared/email';
import { passwordErrors } from './passwordRules';
import { inchesFrom, lbFrom, type WeightUnit } from '../../../shared/units';

/** Every field of the three sign-up steps as the inputs hold them (text), before they become the payload. */
export interface SignupValues {
  email: string;
  username: string;
  age: string;
  password: string;
  confirmPassword: string;
  gender: string;
  height: string;
  weight: string;
  targetWeight: string;
  primaryGoal: string;
  weeklyWorkoutFrequency: string;
  activityLevel: string;
  gymExperience: number;
  helpPreferences: string[];
  accessibilityNeeds: string;
  /** What plans need; each optional, and the first chat asks for whichever is left empty. */
  dietType: string;
  allergies: string;
  equipment: string;
  /** Metric ('kg': cm and kg) or imperial ('lb': inches and lb): height and weights are typed in it. */
  units: string;
  acceptPrivacy: boolean;
  acceptTerms: boolean;
}

export const initialSignupValues: SignupValues = {
  email: '',
  username: '',
  age: '',
  password: '',
  confirmPassword: '',
  // Not chosen for anyone: left blank, the server records "Other".
  gender: '',
  height: '',
  weight: '',
  targetWeight: '',
  primaryGoal: '',
  weeklyWorkoutFrequency: '',
  activityLevel: '',
  gymExperience: 0,
  helpPreferences: [],
  accessibilityNeeds: '',
  dietType: '',
  allergies: '',
  equipment: '',
  units: '',
  acceptPrivacy: false,
  acceptTerms: false,
};

export type SignupErrors = Partial<Record<keyof SignupValues, string>>;
export type SignupStep = 1 | 2 | 3;

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

const number = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** docs/product.md#what-input-is-accepted's rules for one step; an empty object means the step may move on. */
export function validateStep(step: SignupStep, v: SignupValues): SignupErrors {
  const errors: SignupErrors = {};
  if (step === 1) {
    if (!v.email.trim()) errors.email = 'Email is required.';
    else if (!isEmail(v.email)) errors.email = 'Please enter a valid e-mail address.';
    if (v.username.trim() && !USERNAME_PATTERN.test(v.username.trim())) errors.username = 'Use only letters, numbers and underscores (no spaces).';
    const age = number(v.age);
    if (age === undefined) errors.age = 'Age is required.';
    else if (!Number.isFinite(age)) errors.age = 'Age must be a number.';
    else if (age < 1) errors.age = 'Age must be at least 1.';
    const password = passwordErrors(v.password, v.confirmPassword);
    if (password.password) errors.password = password.password;
    if (password.confirm) errors.confirmPassword = password.confirm;
  }
  if (step === 2) {
    const height = number(v.height);
    if (height === undefined) errors.height = 'Height is required.';
    else if (!Number.isFinite(height) || height <= 0) errors.height = 'Height must be a positive number.';
    const weight = number(v.weight);
    if (weight === undefined) errors.weight = 'Weight is required.';
    else if (!Number.isFinite(weight) || weight <= 0) errors.weight = 'Weight must be a positive number.';
    const target = number(v.targetWeight);
    if (target !== undefined && (!Number.isFinite(target) || target <= 0)) errors.targetWeight = 'Target weight must be a positive number.';
    if (!v.primaryGoal) errors.primaryGoal = 'Please choose a fitness goal.';
    const weekly = number(v.weeklyWorkoutFrequency);
    if (weekly !== undefined && !(Number.isInteger(weekly) && weekly >= 0 && weekly <= 7)) errors.weeklyWorkoutFrequency = 'Weekly workouts must be a whole number from 0 to 7.';
  }
  if (step === 3) {
    if (!v.activityLevel) errors.activityLevel = 'Please choose your activity level.';
  }
  return errors;
}

/** The step a URL asks for: 1 to 3, else 1. */
export const stepOf = (param: string | null): SignupStep => (param === '2' ? 2 : param === '3' ? 3 : 1);

/**
 * The first step before `step` whose entries do not pass: after a reload the passwords are gone (they are never
 * stored), so a URL at step 2 or 3 goes back to the step that needs them. Undefined when `step` may be shown.
 */
export function firstUnfinishedStep(step: SignupStep, v: SignupValues): SignupStep | undefined {
  for (let s = 1 as SignupStep; s < step; s = (s + 1) as SignupStep) if (Object.keys(validateStep(s, v)).length > 0) return s;
  return undefined;
}

/** What the tab keeps of an unsent sign-up across a reload: everything but the passwords. */
export const keptSignupValues = (v: SignupValues): Partial<SignupValues> => {
  const { password: _password, confirmPassword: _confirm, ...rest } = v;
  return rest;
};

/** docs/product.md#what-input-is-accepted: Create Account stays disabled until both the Privacy Policy and Terms of Service boxes are ticked. */
export const canCreateAccount = (v: SignupValues) => v.acceptPrivacy && v.acceptTerms;

/** The units the height and weights are typed in: those chosen, imperial until then. */
export const unitsOf = (v: SignupValues): WeightUnit => (v.units === 'kg' ? 'kg' : 'lb');

/** docs/product.md#what-the-app-keeps-and-answers's sign-up payload, plus the browser's time zone (docs/adr/0110-sign-up-and-profile-screens.md). Empty optional inputs are left out. */
export function signupPayload(v: SignupValues, timeZone: string) {
  const username = v.username.trim();
  const email = v.email.trim();
  return {
    name: username || email.split('@')[0],
    ...(username ? { username } : {}),
    email,
    password: v.password,
    age: Number(v.age),
    // Not chosen ("Prefer not to say"): left out, and the server records its default.
    ...(v.gender ? { gender: v.gender } : {}),
    // The spec's inches and pounds, from what was typed in the chosen units.
    height: inchesFrom(Number(v.height), unitsOf(v)),
    weight: lbFrom(Number(v.weight), unitsOf(v)),
    ...(v.targetWeight.trim() ? { targetWeight: lbFrom(Number(v.targetWeight), unitsOf(v)) } : {}),
    primaryGoal: v.primaryGoal,
    ...(v.weeklyWorkoutFrequency.trim() ? { weeklyWorkoutFrequency: Number(v.weeklyWorkoutFrequency) } : {}),
    activityLevel: v.activityLevel,
    gymExperience: v.gymExperience,
    helpPreferences: v.helpPreferences,
    accessibilityNeeds: v.accessibilityNeeds.trim(),
    ...(v.dietType.trim() ? { dietType: v.dietType.trim() } : {}),
    ...(v.allergies.trim() ? { allergies: v.allergies.trim() } : {}),
    ...(v.equipment ? { equipment: v.equipment } : {}),
    ...(v.units ? { units: v.units } : {}),
    timeZone,
  };
}
