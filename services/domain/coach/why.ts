import { paragraphs, type Context } from './answers.js';
import { EQUIPMENT_OF } from './constraints.js';
import { type Equipment } from '../training/exercises.js';
import { exerciseNamed } from '../training/exerciseIdentity.js';
import type { CoachReply, CoachRequest, ReferencedRegimen } from './types.js';
import { reasonFor } from './workoutPlan.js';

/**
 * "Why this exercise?" and "can I do this at home?", answered from the reasons kept with the plan (each exercise's
 * `why`, written by the rule that chose it). A plan without them (a model's, or an older one) is answered from the
 * same rule, and the reply says so.
 */

const base = (name: string) => name.replace(/\s*\(.*$/, '');
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/[\s-]+/)
    .filter((w) => w.length >= 3 && !['why', 'did', 'you', 'pick', 'the', 'this', 'that', 'for', 'exercise', 'choose', 'chose', 'plan', 'workout', 'and', 'what', 'with', 'day'].includes(w))
    .map((w) => w.replace(/(es|s)$/, ''));

/** The plan's exercises the question names ("the box squat"), best match first; none when it names none. */
export function named(regimen: ReferencedRegimen, message: string) {
  const asked = words(message);
  if (asked.length === 0) return [];
  const scored = regimen.days.flatMap((d) =>
    d.exercises.map((e) => {
      const have = words(base(e.name));
      return { day: d, exercise: e, score: asked.filter((w) => have.some((h) => h.startsWith(w) || w.startsWith(h))).length };
    }),
  );
  const best = Math.max(0, ...scored.map((s) => s.score));
  if (best === 0) return [];
  const seen = new Set<string>();
  return scored.filter((s) => s.score === best && !seen.has(base(s.exercise.name)) && seen.add(base(s.exercise.name)));
}

const EQUIPMENT_NEEDS: Record<Equipment, string> = {
  'body weight': 'nothing',
  dumbbell: 'dumbbells',
  barbell: 'a barbell',
  machine: 'a gym machine',
  cable: 'a cable machine',
  kettlebell: 'a kettlebell',
  band: 'a resistance band',
  'cardio machine': 'a cardio machine',
  pool: 'a pool',
};

export function whyReply(request: CoachRequest, context: Context, intent: { home: boolean }): CoachReply {
  const regimen = request.workoutPlan;
  if (!regimen) {
    return {
      message: 'I can explain a workout plan I wrote once there is one in our conversation or saved as your primary plan. Ask me for a workout plan, or start your message with /exercise to include your primary plan.',
      planData: [],
    };
  }
  if (intent.home) return { message: homeAnswer(regimen), planData: [] };
  const asked = named(regimen, request.message);
  const day = regimen.days.find((d) => d.dayNumber === regimen.currentDay) ?? regimen.days[0]!;
  // Nothing named: "why this exercise?" is about the day at hand.
  const lines = asked.length > 0 ? asked : day.exercises.map((exercise) => ({ day, exercise }));
  let derived = false;
  const answers = lines.map(({ day: d, exercise: line }) => {
    const catalog = exerciseNamed(line.name);
    let why = line.why;
    if (!why && catalog) {
      derived = true;
      why = reasonFor(catalog, context.reading, d.summary || `day ${d.dayNumber}`);
    }
    return `- **${base(line.name)}** (day ${d.dayNumber}, ${line.sets} × ${line.reps}): ${why ?? 'not from my exercise list, so I cannot say what it was chosen for.'}`;
  });
  return {
    message: paragraphs(
      asked.length > 0 ? `Why ${asked.length === 1 ? 'I picked it' : 'I picked them'}:` : `Why I picked each exercise of day ${day.dayNumber} of ${regimen.name}:`,
      answers.join('\n'),
      derived ? 'This plan did not keep my reasons, so these are the rules I would use for it today.' : null,
      'Sets, reps and rest follow your goal and level (ACSM); ask me to swap any exercise that does not suit you.',
    ),
    planData: [],
  };
}

/** Yes or no first, then what needs equipment a home does not have. */
function homeAnswer(regimen: ReferencedRegimen): string {
  const home = EQUIPMENT_OF.dumbbells as Equipment[];
  const needs = new Map<string, string>();
  for (const d of regimen.days) {
    for (const e of d.exercises) {
      const catalog = exerciseNamed(e.name);
      if (catalog && !home.includes(catalog.equipment)) needs.set(catalog.name, EQUIPMENT_NEEDS[catalog.equipment]);
    }
  }
  if (needs.size === 0) {
    const bodyOnly = regimen.days.every((d) => d.exercises.every((e) => exerciseNamed(e.name)?.equipment === 'body weight'));
    return `Yes. Every exercise in ${regimen.name} needs ${bodyOnly ? 'only your body weight' : 'at most dumbbells or a band'}, so you can do it at home.`;
  }
  return paragraphs(
    `Not all of it: ${needs.size === 1 ? 'one exercise needs' : `${needs.size} exercises need`} gym equipment.`,
    [...needs].map(([name, what]) => `- ${name} needs ${what}`).join('\n'),
    'Tell me what you have ("I train at home with dumbbells" or "bodyweight only") and ask me to swap those exercises, or ask for a new workout plan: I will keep to it from then on.',
  );
}
