import type { ProfileFields } from '../../events/user.js';
import { readAllergies, readDiet, type AllergyReading, type DietReading } from './diets.js';
import type { Contraindication, Level } from './exercises.js';

/** What the coach reads from a profile's free text and numbers, in one place. */

export type Goal = 'lose' | 'muscle' | 'strength' | 'endurance' | 'general';

const GOAL_WORDS: Array<[RegExp, Goal]> = [
  [/\b(lose|losing|loss|lean(er)? out|cut(ting)?|slim|fat|shed|drop|burn|weight ?loss|tone|toning)\b/, 'lose'],
  [/\b(muscle|bulk(ing)?|gain|hypertrophy|mass|bigger|build|size|physique)\b/, 'muscle'],
  [/\b(strength|strong(er)?|power(lifting)?|lift heavier|1rm)\b/, 'strength'],
  [/\b(endurance|stamina|run(ning)?|marathon|5k|10k|cardio|triathlon|cycling|conditioning)\b/, 'endurance'],
  [/\b(maintain|maintenance|health(y|ier)?|fit(ness)?|general|well-?being|mobility|energy|active)\b/, 'general'],
];

/** The goal a text names, or null when it names none. */
export function goalIn(text: string | null): Goal | null {
  const t = (text ?? '').toLowerCase();
  return GOAL_WORDS.find(([re]) => re.test(t))?.[1] ?? null;
}

/** Primary goal, then secondary, then the direction of the target weight; general health when nothing says. */
export function goalOf(profile: ProfileFields): Goal {
  const named = goalIn(profile.primaryGoal) ?? goalIn(profile.secondaryGoal);
  if (named) return named;
  if (profile.weightLb && profile.targetWeightLb) {
    if (profile.targetWeightLb < profile.weightLb - 2) return 'lose';
    if (profile.targetWeightLb > profile.weightLb + 2) return 'muscle';
  }
  return 'general';
}

export const GOAL_WORDS_FOR_PEOPLE: Record<Goal, string> = {
  lose: 'lose weight',
  muscle: 'build muscle',
  strength: 'get stronger',
  endurance: 'build endurance',
  general: 'general health',
};

/** ACSM 2009 levels from the gym experience slider (0–1): below 0.3 novice, above 0.7 advanced. */
export function levelOf(gymExperience: number): Level {
  if (gymExperience < 0.3) return 'novice';
  if (gymExperience <= 0.7) return 'intermediate';
  return 'advanced';
}

/** The gentle start offered to someone who gave no weekly frequency or 0. */
export const GENTLE_START_DAYS = 2;

/** Training days a week: what the user said (never more), or the gentle start with 0 or nothing. */
export function trainingDaysOf(profile: ProfileFields): number {
  const said = profile.weeklyWorkoutFrequency;
  return said && said > 0 ? Math.min(7, said) : GENTLE_START_DAYS;
}

/** Accessibility words and what each rules out in the catalog. */
const ACCESSIBILITY_WORDS: Array<[RegExp, Contraindication[], string]> = [
  [/\b(knees?|acl|mcl|meniscus|patell\w*|kneecap)\b/, ['knee', 'impact'], 'your knees'],
  [/\b(back|spine|spinal|disc|disk|sciatica|lumbar|herniat\w*)\b/, ['lower-back'], 'your back'],
  [/\b(shoulders?|rotator|cuff|labrum)\b/, ['shoulder'], 'your shoulders'],
  [/\b(wrists?|carpal|hands?)\b/, ['wrist'], 'your wrists'],
  [/\b(hips?|hip replacement)\b/, ['hip', 'impact'], 'your hips'],
  [/\b(ankles?|feet|foot|achilles|plantar)\b/, ['ankle', 'impact'], 'your ankles and feet'],
  [/\b(neck|cervical)\b/, ['neck'], 'your neck'],
  [/\b(wheel ?chair|paraplegi\w*|paralys\w*|spinal cord|cannot stand|can'?t stand|unable to stand|amputee|amputation|seated only)\b/, ['non-seated', 'legs', 'impact'], 'seated training'],
  [/\b(balance|vertigo|dizz\w*|falls?|unsteady|ms\b|multiple sclerosis|parkinson\w*)\b/, ['balance', 'impact'], 'your balance'],
  [/\b(arthritis|joints?|low[- ]impact|no jumping|osteopor\w*|obes\w*|overweight)\b/, ['impact'], 'your joints (low impact)'],
  [/\bpregnan\w*/, ['supine', 'impact', 'lower-back'], 'pregnancy'],
];

export interface AccessibilityReading {
  contraindications: Contraindication[];
  /** What was read, as the reply says it ("your knees", "seated training"). */
  heard: string[];
}

export function readAccessibility(text: string | null): AccessibilityReading {
  const t = (text ?? '').toLowerCase();
  const hits = ACCESSIBILITY_WORDS.filter(([re]) => re.test(t));
  return { contraindications: [...new Set(hits.flatMap(([, c]) => c))], heard: hits.map(([, , h]) => h) };
}

/** What calls for a clinician (coach-guidelines.md): the reply says so and the plan stays conservative. */
export type Concern = 'under 18' | 'pregnancy' | 'injury' | 'medical condition' | 'eating disorder';

const CONCERN_WORDS: Array<[RegExp, Concern]> = [
  [/\b(pregnan\w*|expecting a baby|postpartum|post-partum|breastfeed\w*|trimester)\b/, 'pregnancy'],
  [/\b(anorexi\w*|bulimi\w*|binge\w*|eating disorder|purg\w*|starv\w*|ed recovery|orthorexi\w*)\b/, 'eating disorder'],
  [/\b(injur\w*|sprain\w*|torn|tear|fracture\w*|broken|surgery|post-op|rehab\w*|herniat\w*|hurt|painful|pain)\b/, 'injury'],
  [
    /\b(diabet\w*|heart|cardiac|blood pressure|hypertension|asthma|copd|kidney|renal|liver|cancer|chemo\w*|epilep\w*|seizures?|thyroid|medication|insulin|stroke|cholesterol|pcos|crohn\w*|colitis)\b/,
    'medical condition',
  ],
];

export function concernsIn(text: string): Concern[] {
  const t = text.toLowerCase();
  return [...new Set(CONCERN_WORDS.filter(([re]) => re.test(t)).map(([, c]) => c))];
}

/** Concerns from the profile (age and free-text fields) and from the message being answered. */
export function concernsOf(profile: ProfileFields, message = ''): Concern[] {
  const found = new Set<Concern>();
  if (profile.age !== null && profile.age > 0 && profile.age < 18) found.add('under 18');
  for (const text of [profile.accessibilityNeeds, profile.dietRestrictions, profile.primaryGoal, profile.secondaryGoal, message]) {
    for (const c of concernsIn(text ?? '')) found.add(c);
  }
  return [...found];
}

/** Concerns under which the coach holds maintenance calories instead of planning a deficit. */
export const noDeficitFor = (concerns: Concern[]) => concerns.some((c) => c === 'under 18' || c === 'pregnancy' || c === 'eating disorder');

export function clinicianNote(concerns: Concern[]): string | null {
  if (concerns.length === 0) return null;
  const why: Record<Concern, string> = {
    'under 18': 'you are under 18, and growing bodies need a doctor or paediatric dietitian to set calorie targets',
    pregnancy: 'pregnancy changes what is safe: check every exercise and your calories with your midwife or doctor',
    injury: 'an injury or pain should be checked by a doctor or physiotherapist before you load it; stop any move that hurts',
    'medical condition': 'a medical condition (or its medication) can change what is safe: run this plan past your doctor',
    'eating disorder':
      'eating disorders need real care, not a calorie plan from an app: please talk to your doctor or an eating-disorder helpline. I will not plan a deficit for you',
  };
  const reasons = concerns.map((c) => why[c]).join('; ');
  return `Please note: I am a coach, not a clinician. ${reasons.charAt(0).toUpperCase()}${reasons.slice(1)}.`;
}

/** Everything a plan is written from, read once. */
export interface Reading {
  goal: Goal;
  level: Level;
  trainingDays: number;
  accessibility: AccessibilityReading;
  diet: DietReading;
  allergies: AllergyReading;
  concerns: Concern[];
}

export function readProfile(profile: ProfileFields, message = ''): Reading {
  return {
    goal: goalOf(profile),
    level: levelOf(profile.gymExperience),
    trainingDays: trainingDaysOf(profile),
    accessibility: readAccessibility(profile.accessibilityNeeds),
    diet: readDiet(profile.dietType),
    allergies: readAllergies(profile.dietRestrictions),
    concerns: concernsOf(profile, message),
  };
}
