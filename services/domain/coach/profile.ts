import type { ProfileFields } from '../../../events/user.js';
import { ACCESS_WORDS, statedIn, type Access, type Bound, type Source } from './constraints.js';
import { readAllergies, readDiet, type AllergyReading, type DietReading, type DietTag } from '../nutrition/diets.js';
import type { Contraindication, Level } from '../training/exercises.js';

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

/** What calls for a clinician (docs/capabilities/coach-rules.md, Safety): the reply says so and the plan stays conservative. */
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

/** Pregnancy, stated anywhere the reading looked: meal plans and swaps leave out the foods to avoid in it. */
export const isPregnant = (reading: Pick<Reading, 'concerns'>) => reading.concerns.includes('pregnancy');

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
  /** What equipment the plans may use. */
  access: Access;
  /** Under 18, said or on the profile: no heavy maximal lifts, no deficit. */
  minor: boolean;
  concerns: Concern[];
  /** Every diet, allergy, body and equipment binding, with where it came from. */
  bounds: Bound[];
}

/** What else binds a reading beyond the profile: what the person said earlier in chat, and the plan being changed. */
export interface Said {
  /** The person's earlier chat messages that stated something, oldest first. */
  said?: readonly string[];
  /** The diet of the plan being changed ("Vegetarian"). */
  planDiet?: string | null;
  /** The description of the plan being changed: what it "leaves out" binds its swaps. */
  planDescription?: string | null;
}

/**
 * The profile, the sign-up notes (accessibility needs), what was said in chat, the message and the plan being
 * changed, merged: a diet or allergy stated in any of them binds (a later "I'm not vegetarian any more" in chat lifts
 * only what the chat said); the equipment said last wins.
 */
export function readProfile(profile: ProfileFields, message = '', more: Said = {}): Reading {
  const bounds: Bound[] = [];
  const dietTags = new Set<DietTag>();
  const avoid: string[] = [];
  const body: string[] = [];
  // Where they train, from the profile (asked at sign-up); a gym when never said. Said later in chat, that wins.
  let access: Access = profile.equipment ?? 'gym';
  if (profile.equipment) bounds.push({ kind: 'equipment', what: ACCESS_WORDS[profile.equipment], from: 'profile', quote: profile.equipment });
  let statedAge: number | null = null;
  const addDiets = (tags: DietTag[], from: Source, quote: string) => {
    for (const tag of tags) {
      dietTags.add(tag);
      bounds.push({ kind: 'diet', what: tag, from, quote });
    }
  };
  const profileDiet = readDiet(profile.dietType);
  addDiets(profileDiet.tags, 'profile', profile.dietType ?? '');
  const profileAllergies = readAllergies(profile.dietRestrictions);
  if (profile.dietRestrictions && (profileAllergies.allergens.length > 0 || profileAllergies.avoidWords.length > 0)) {
    avoid.push(profile.dietRestrictions);
    bounds.push({ kind: 'allergy', what: [...profileAllergies.allergens, ...profileAllergies.avoidWords].join(', '), from: 'profile', quote: profile.dietRestrictions });
  }
  if (profile.accessibilityNeeds) {
    body.push(profile.accessibilityNeeds);
    const heard = readAccessibility(profile.accessibilityNeeds).heard;
    if (heard.length > 0) bounds.push({ kind: 'body', what: heard.join(' and '), from: 'notes', quote: profile.accessibilityNeeds });
  }
  const chatDiets = new Set<DietTag>();
  const statements: Array<[string, Source]> = [
    ...(profile.accessibilityNeeds ? [[profile.accessibilityNeeds, 'notes'] as [string, Source]] : []),
    ...(more.said ?? []).map((text) => [text, 'chat'] as [string, Source]),
    ...(message ? [[message, 'message'] as [string, Source]] : []),
  ];
  for (const [text, from] of statements) {
    const stated = statedIn(text);
    if (from === 'notes') addDiets(stated.diets, from, text);
    else {
      for (const tag of stated.lifted) chatDiets.delete(tag);
      for (const tag of stated.diets) chatDiets.add(tag);
    }
    if (stated.avoid.length > 0) {
      avoid.push(stated.avoid.join(', '));
      bounds.push({ kind: 'allergy', what: stated.avoid.join(', '), from, quote: text });
    }
    if (from !== 'notes' && stated.body.length > 0) {
      body.push(stated.body.join(', '));
      const heard = readAccessibility(stated.body.join(', ')).heard;
      if (heard.length > 0) bounds.push({ kind: 'body', what: heard.join(' and '), from, quote: text });
    }
    if (stated.access) {
      // "At home" keeps the dumbbells the profile (or an earlier saying) has at home; with none, it is body weight.
      access = stated.access === 'home' ? (access === 'dumbbells' ? 'dumbbells' : 'bodyweight') : stated.access;
      // The equipment said last is the one that binds: an earlier saying (or the profile's) is no longer named.
      for (let i = bounds.length - 1; i >= 0; i--) if (bounds[i]!.kind === 'equipment') bounds.splice(i, 1);
      bounds.push({ kind: 'equipment', what: ACCESS_WORDS[access], from, quote: text });
    }
    if (stated.age !== null) {
      statedAge = stated.age;
      if (stated.age < 18) bounds.push({ kind: 'age', what: `age ${stated.age}`, from, quote: text });
    }
    // Diets said in chat (and in this message) bind until the chat lifts them; each is named with its last saying.
    if (from !== 'notes') for (const tag of stated.diets) bounds.push({ kind: 'diet', what: tag, from, quote: text });
  }
  for (const tag of chatDiets) dietTags.add(tag);
  // A diet the chat lifted stays only where the profile, the notes or the plan still say it.
  const kept = bounds.filter((b) => b.kind !== 'diet' || b.from === 'profile' || b.from === 'notes' || chatDiets.has(b.what as DietTag));
  const planDiet = readDiet(more.planDiet ?? null);
  for (const tag of planDiet.tags) {
    dietTags.add(tag);
    kept.push({ kind: 'diet', what: tag, from: 'plan', quote: more.planDiet ?? '' });
  }
  const leftOut = /\bleaves out ([^.]+)\./i.exec(more.planDescription ?? '')?.[1];
  if (leftOut) kept.push({ kind: 'allergy', what: leftOut, from: 'plan', quote: leftOut });
  // A plan written for a pregnancy says so (it left out the foods to avoid in it): its swaps keep to that too.
  const planPregnancy = concernsIn(more.planDescription ?? '').includes('pregnancy');
  if (planPregnancy) {
    body.push('pregnant');
    kept.push({ kind: 'body', what: 'pregnancy', from: 'plan', quote: 'pregnancy' });
  }
  const age = statedAge ?? profile.age;
  const minor = age !== null && age > 0 && age < 18;
  if (minor && statedAge === null) kept.push({ kind: 'age', what: `age ${age}`, from: 'profile', quote: String(age) });
  const concerns = new Set(concernsOf(profile, message));
  for (const text of more.said ?? []) for (const c of concernsIn(text)) if (c === 'pregnancy' || c === 'eating disorder') concerns.add(c);
  if (minor) concerns.add('under 18');
  if (planPregnancy) concerns.add('pregnancy');
  return {
    goal: goalOf(profile),
    level: levelOf(profile.gymExperience),
    trainingDays: trainingDaysOf(profile),
    accessibility: readAccessibility(body.join('; ')),
    diet: { tags: [...dietTags], unrecognised: profileDiet.unrecognised },
    allergies: readAllergies([...avoid, ...(leftOut ? [leftOut] : [])].join(', ')),
    access,
    minor,
    concerns: [...concerns],
    bounds: kept,
  };
}
