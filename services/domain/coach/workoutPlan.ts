import { ACCESS_WORDS, EQUIPMENT_OF, sourceText, type Bound } from './constraints.js';
import { EXERCISES, HARD_ON, levelRank, SPARES, type Contraindication, type Exercise, type Level, type Pattern } from '../training/exercises.js';
import { GOAL_WORDS_FOR_PEOPLE, type Goal, type Reading } from './profile.js';
import type { Random } from './random.js';
import type { WorkoutPlanData } from './types.js';

/**
 * Regimens over the exercise catalog (ACSM 2009 progression models): the split follows level and weekly frequency,
 * sets, reps and rest follow the goal, the catalog's contraindications filter out what the profile's
 * accessibility needs rule out, and each week covers squat, hinge, push, pull and core.
 */

interface Slot {
  pattern: Pattern;
  /** Narrows the pattern to exercises training this muscle ("biceps"). */
  muscle?: string;
}
type DayKind = { summary: string; slots: Slot[]; cardio: boolean };

const s = (pattern: Pattern, muscle?: string): Slot => (muscle ? { pattern, muscle } : { pattern });
const FULL_BODY: Slot[][] = [
  [s('squat'), s('push-h'), s('pull-v'), s('hinge'), s('core')],
  [s('hinge'), s('push-v'), s('pull-h'), s('lunge'), s('core')],
  [s('squat'), s('pull-h'), s('push-v'), s('hinge'), s('core')],
];
const UPPER: Slot[] = [s('push-h'), s('pull-h'), s('push-v'), s('pull-v'), s('arms', 'biceps'), s('arms', 'triceps')];
const LOWER: Slot[] = [s('squat'), s('hinge'), s('lunge'), s('hinge', 'hamstrings'), s('calves'), s('core')];
const PUSH: Slot[] = [s('push-h'), s('push-v'), s('push-h', 'upper chest'), s('push-v', 'side delts'), s('arms', 'triceps')];
const PULL: Slot[] = [s('pull-v'), s('pull-h'), s('pull-h', 'rear delts'), s('arms', 'biceps'), s('core')];
const LEGS: Slot[] = [s('squat'), s('hinge'), s('lunge'), s('hinge', 'hamstrings'), s('calves'), s('core')];
const EASY_DAY: DayKind = { summary: 'Cardio and core (easy)', slots: [s('core')], cardio: true };

const day = (summary: string, slots: Slot[]): DayKind => ({ summary, slots, cardio: false });
const fullBody = (n: number) => day(`Full body ${'ABC'[n]}`, FULL_BODY[n]!);

/** The week's days in order. Strength days never follow each other where the frequency leaves room for easy days. */
function split(level: Level, days: number): DayKind[] {
  if (level === 'novice' || days <= 2) {
    // ACSM: novices train full body 2–3 days; extra days are easy cardio between them.
    if (days <= 3) return Array.from({ length: days }, (_, i) => fullBody(i));
    const strength = days >= 6 ? 3 : 2;
    return Array.from({ length: days }, (_, i) => (i % 2 === 0 && i / 2 < strength ? fullBody(i / 2) : EASY_DAY));
  }
  const ul = [day('Upper body A', UPPER), day('Lower body A', LOWER), day('Upper body B', UPPER), day('Lower body B', LOWER)];
  const ppl = [day('Push A', PUSH), day('Pull A', PULL), day('Legs A', LEGS), day('Push B', PUSH), day('Pull B', PULL), day('Legs B', LEGS)];
  if (days === 3) return ppl.slice(0, 3).map((d) => ({ ...d, summary: d.summary.slice(0, -2) }));
  if (level === 'intermediate') {
    // 3–4 days for intermediates: upper/lower twice, easy days for the rest of the frequency.
    if (days === 4) return ul;
    if (days === 5) return [...ul, EASY_DAY];
    if (days === 6) return [ul[0]!, ul[1]!, EASY_DAY, ul[2]!, ul[3]!, EASY_DAY];
    return [ul[0]!, ul[1]!, EASY_DAY, ul[2]!, ul[3]!, EASY_DAY, EASY_DAY];
  }
  if (days === 4) return ul;
  if (days === 5) return [day('Push', PUSH), day('Pull', PULL), day('Legs', LEGS), day('Upper body', UPPER), day('Lower body', LOWER)];
  if (days === 6) return ppl;
  return [...ppl, EASY_DAY];
}

/** Patterns to try, in order, when nothing of a pattern is allowed (a wheelchair user has no squat). */
const FALLBACK: Record<Pattern, Pattern[]> = {
  squat: ['lunge', 'hinge', 'core', 'arms'],
  hinge: ['squat', 'lunge', 'core', 'arms'],
  lunge: ['squat', 'hinge', 'core', 'arms'],
  calves: ['core', 'arms'],
  'push-h': ['push-v', 'arms'],
  'push-v': ['push-h', 'arms'],
  'pull-h': ['pull-v', 'arms'],
  'pull-v': ['pull-h', 'arms'],
  core: ['pull-h', 'arms'],
  arms: ['pull-h', 'push-h'],
  cardio: [],
};

export const allowedExercise = (e: Exercise, level: Level, against: Contraindication[]) =>
  levelRank(e.level) <= levelRank(level) && !e.contraindications.some((c) => against.includes(c));

/** What rules an exercise out for this person, in words ("your knees", "needs a barbell"), or null when nothing does. */
export function ruledOut(e: Exercise, reading: Pick<Reading, 'accessibility' | 'access' | 'minor'>, level: Level): string | null {
  const against = e.contraindications.filter((c) => reading.accessibility.contraindications.includes(c));
  if (against.length > 0) return `it is hard on ${against.map((c) => HARD_ON[c]).join(' and ')}`;
  const equipment = EQUIPMENT_OF[reading.access];
  if (equipment !== 'all' && !equipment.includes(e.equipment)) return `it needs ${e.equipment === 'machine' || e.equipment === 'cardio machine' ? 'a machine' : `a ${e.equipment}`}`;
  if (reading.minor && e.heavy) return 'it is a heavy lift, not for under 18s without a coach';
  if (levelRank(e.level) > levelRank(level)) return `it is ${e.level === 'advanced' ? 'an advanced' : 'an intermediate'} move`;
  return null;
}

/** Every rule a plan's exercise must pass: level, the body, the equipment at hand and age. */
export const fits = (e: Exercise, reading: Pick<Reading, 'accessibility' | 'access' | 'minor'>, level: Level) => ruledOut(e, reading, level) === null;

const PATTERN_WORDS: Record<Pattern, string> = {
  squat: 'a squat',
  hinge: 'a hip hinge',
  lunge: 'a lunge (one leg at a time)',
  'push-h': 'a horizontal push',
  'push-v': 'an overhead push',
  'pull-h': 'a row (horizontal pull)',
  'pull-v': 'a vertical pull',
  core: 'core work',
  arms: 'arm work',
  calves: 'calf work',
  cardio: 'easy cardio',
};

const boundFrom = (reading: Reading, kind: Bound['kind']) => {
  const b = reading.bounds.filter((x) => x.kind === kind).at(-1);
  return b ? ` (${sourceText(b)})` : '';
};

/**
 * The rule that chose an exercise and the facts it used, in plain words: kept with the plan (`why`), so the coach
 * answers "why this exercise?" from what it decided, not from a guess afterwards.
 */
export function reasonFor(e: Exercise, reading: Reading, dayTitle: string): string {
  const muscles = e.muscles.length > 1 ? `${e.muscles.slice(0, -1).join(', ')} and ${e.muscles.at(-1)}` : e.muscles[0];
  const parts = [`${PATTERN_WORDS[e.pattern]} for your ${muscles} on ${dayTitle} days`];
  const spared = reading.accessibility.contraindications.filter((c) => EXERCISES.some((x) => x.pattern === e.pattern && x.contraindications.includes(c)) && !e.contraindications.includes(c));
  if (spared.length > 0) parts.push(`it ${spared.map((c) => SPARES[c]).join(' and ')}, because of ${reading.accessibility.heard.join(' and ')}${boundFrom(reading, 'body')}`);
  if (reading.access !== 'gym') parts.push(`it needs only ${e.equipment}, which fits ${ACCESS_WORDS[reading.access]}${boundFrom(reading, 'equipment')}`);
  if (reading.minor && e.pattern !== 'cardio') parts.push('it is not a heavy maximal lift, since you are under 18');
  if (reading.level === 'novice' && (e.equipment === 'machine' || e.equipment === 'body weight' || e.equipment === 'cable')) parts.push('beginners start with machines and body-weight moves (ACSM)');
  return `${parts.join('; ')}.`;
}

/** Higher is a better fit: the user's own level first; novices favour machines and body weight (ACSM). */
function fit(e: Exercise, level: Level, goal: Goal, firstSlot: boolean): number {
  let score = 3 - Math.abs(levelRank(e.level) - levelRank(level));
  if (level === 'novice' && (e.equipment === 'machine' || e.equipment === 'body weight' || e.equipment === 'cable')) score += 1;
  if (level !== 'novice' && firstSlot && e.heavy && (goal === 'strength' || goal === 'muscle')) score += 2;
  return score;
}

export interface Prescription {
  sets: number;
  reps: number;
  /** Rest seconds between sets: the plan's `duration` (the plans page shows it as rest). */
  rest: number;
}

/** Sets, reps and rest by goal and level (ACSM 2009; heavy compound lifts get 2–3 minutes' rest). */
export function prescribe(e: Exercise, goal: Goal, level: Level): Prescription {
  if (e.pattern === 'cardio') return { sets: 1, reps: 1, rest: 0 };
  if (e.holdSeconds !== null) return { sets: level === 'novice' ? 2 : 3, reps: 1, rest: 45 };
  if (e.pattern === 'arms' || e.pattern === 'calves') return { sets: level === 'novice' ? 2 : 3, reps: goal === 'endurance' ? 15 : 12, rest: 60 };
  if (goal === 'endurance') return { sets: level === 'novice' ? 2 : 3, reps: 15, rest: 45 };
  if (level === 'novice') {
    if (goal === 'lose' || goal === 'general') return { sets: 2, reps: 12, rest: 60 };
    return { sets: goal === 'muscle' ? 3 : 2, reps: 10, rest: 90 };
  }
  const advanced = level === 'advanced';
  if (goal === 'strength') return e.heavy ? { sets: advanced ? 5 : 4, reps: advanced ? 3 : 5, rest: 180 } : { sets: 3, reps: advanced ? 6 : 8, rest: 120 };
  if (goal === 'muscle') return e.heavy ? { sets: 4, reps: advanced ? 6 : 8, rest: 150 } : { sets: advanced ? 4 : 3, reps: 10, rest: 90 };
  return e.heavy ? { sets: 3, reps: 8, rest: 120 } : { sets: 3, reps: 12, rest: 60 };
}

/** Easy aerobic minutes: a beginner builds toward WHO's 150 a week, it does not start there. */
function cardioMinutes(level: Level, goal: Goal, easyDay: boolean): number {
  const base = level === 'novice' ? 15 : level === 'intermediate' ? 20 : 25;
  return easyDay ? base + 10 : goal === 'lose' || goal === 'endurance' ? base : 10;
}

/** The plan line for one exercise: holds and cardio say their time in the name, where the tracker shows it. */
export function planLine(e: Exercise, goal: Goal, level: Level, cardioMin = 20) {
  const p = prescribe(e, goal, level);
  const hold = e.holdSeconds === null ? 0 : e.holdSeconds + (level === 'novice' ? 0 : level === 'intermediate' ? 10 : 20);
  const name = e.pattern === 'cardio' ? `${e.name} (${cardioMin} min, easy pace)` : hold ? `${e.name} (${hold} s hold)` : e.name;
  return { name, sets: p.sets, reps: p.reps, duration: p.rest };
}

const lineWithReason = (e: Exercise, reading: Reading, dayTitle: string, cardioMin?: number) => ({
  ...planLine(e, reading.goal, reading.level, cardioMin),
  why: reasonFor(e, reading, dayTitle),
});

export function pickExercise(slot: Slot, candidates: Exercise[], used: Set<string>, level: Level, goal: Goal, firstSlot: boolean, variant: number): Exercise | undefined {
  for (const pattern of [slot.pattern, ...FALLBACK[slot.pattern]]) {
    const options = candidates
      .filter((e) => e.pattern === pattern && !used.has(e.name) && (pattern !== slot.pattern || !slot.muscle || e.muscles.includes(slot.muscle)))
      .sort((a, b) => fit(b, level, goal, firstSlot) - fit(a, level, goal, firstSlot));
    if (options.length === 0) continue;
    const best = fit(options[0]!, level, goal, firstSlot);
    const top = options.filter((o) => fit(o, level, goal, firstSlot) >= best - 1);
    return top[variant % top.length];
  }
  return undefined;
}

export function buildWorkoutPlan(reading: Reading, random: Random): WorkoutPlanData {
  const { goal, level, trainingDays } = reading;
  const against = reading.accessibility.contraindications;
  const candidates = random.shuffle(EXERCISES.filter((e) => fits(e, reading, level)));
  const cardio = candidates.filter((e) => e.pattern === 'cardio');
  const days = split(level, trainingDays);
  const usedInPlan = new Set<string>();
  const workouts = days.map((kind, index) => {
    const usedToday = new Set<string>();
    const exercises: WorkoutPlanData['workouts'][number]['exercises'] = [];
    if (kind.cardio && cardio[0]) {
      const e = cardio[index % cardio.length]!;
      exercises.push(lineWithReason(e, reading, kind.summary, cardioMinutes(level, goal, true)));
      usedToday.add(e.name);
    }
    kind.slots.forEach((slot, i) => {
      // Prefer exercises not used yet this week, so day B is not day A again.
      const e = pickExercise(slot, candidates, new Set([...usedToday, ...usedInPlan]), level, goal, i === 0, index) ?? pickExercise(slot, candidates, usedToday, level, goal, i === 0, index);
      if (!e) return;
      usedToday.add(e.name);
      usedInPlan.add(e.name);
      exercises.push(lineWithReason(e, reading, kind.summary));
    });
    // A lower-body day with no leg work left (a wheelchair user's) gets seated cardio in its place.
    const noLegWork = against.includes('legs') && /^(Legs|Lower body)/.test(kind.summary);
    if (!kind.cardio && (goal === 'lose' || goal === 'endurance' || goal === 'general' || noLegWork) && cardio[0]) {
      exercises.push(lineWithReason(cardio[(index + 1) % cardio.length]!, reading, kind.summary, cardioMinutes(level, goal, false)));
    }
    // From a wheelchair a legs day is all seated work: say so rather than promise legs.
    const seated = against.includes('legs');
    const summary = seated && /^(Legs|Lower body)/.test(kind.summary) ? `Seated strength and core${kind.summary.replace(/^(Legs|Lower body)/, '')}` : seated && kind.summary.startsWith('Full body') ? `Seated ${kind.summary.toLowerCase()}` : kind.summary;
    return { day: index + 1, summary, exercises };
  });
  return {
    planType: 'workout',
    name: `${NAME_WORD[goal]} ${LEVEL_WORD[level]}, ${trainingDays} day${trainingDays === 1 ? '' : 's'} a week`,
    description: describe(reading),
    goal: GOAL_WORDS_FOR_PEOPLE[goal],
    level,
    duration_weeks: level === 'novice' ? 4 : level === 'intermediate' ? 6 : 8,
    workouts,
  };
}

const NAME_WORD: Record<Goal, string> = { lose: 'Lean', muscle: 'Build', strength: 'Strength', endurance: 'Engine', general: 'Healthy' };
const LEVEL_WORD: Record<Level, string> = { novice: 'Start', intermediate: 'Progress', advanced: 'Peak' };

function describe(reading: Reading): string {
  const parts = [
    `${reading.level === 'novice' ? 'A' : 'An'} ${reading.level} plan to ${GOAL_WORDS_FOR_PEOPLE[reading.goal]}, ${reading.trainingDays} day${reading.trainingDays === 1 ? '' : 's'} a week.`,
    'Warm up 5–10 minutes before every session (easy cardio and the first exercise with light weight) and cool down with 5 minutes of easy movement and stretching after.',
    'Rest between sets is the time shown. When you beat the top of the rep target by 1–2 reps in the last set two sessions in a row, add about 2–10% load.',
  ];
  if (reading.accessibility.heard.length > 0) parts.push(`Moves chosen to suit ${reading.accessibility.heard.join(' and ')}.`);
  return parts.join(' ');
}
