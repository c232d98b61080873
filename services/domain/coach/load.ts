import { paragraphs } from './answers.js';
import { amount, exerciseTarget, type Target } from '../training/progression.js';
import { lbOf, type WeightUnit } from '../../../contract/weightUnits.js';
import { unitOf } from './text.js';
import type { CoachReply, CoachRequest, ReferencedRegimen } from './types.js';

/**
 * "Why this weight?", "why 55 lb on bench?", "what should I lift next?": answered from the person's own logged sets by
 * the one progression rule (progression.ts) the tracker's targets follow, so the chat and /track never disagree.
 */

/** The rep range assumed for an exercise no plan gives one for: the hypertrophy range (docs/capabilities/coach-rules.md). */
const UNPLANNED = { reps: '8-12', targetReps: 8 };
/** At most this many exercises when the question names none. */
const LISTED = 6;

export interface LiftTarget extends Target {
  exercise: string;
  name: string;
  /** The plan's reps for it, or undefined where no plan names it (`UNPLANNED` is assumed). */
  planned?: string;
  logged: boolean;
}

/**
 * The next target of each exercise the person's plan has or their log holds: the plan's exercises first (today's
 * day, then the others, in plan order), then the exercises only the log knows.
 */
export function liftTargets(request: CoachRequest): LiftTarget[] {
  const lifting = new Map((request.lifting ?? []).map((l) => [l.exercise, l]));
  const recentOf = (key: string) => lifting.get(key)?.recent ?? [];
  const timeZone = request.profile.timeZone || 'UTC';
  // Every load is written in the person's unit, whatever unit the sets were logged in.
  const unit = unitOf(request.profile);
  const plan = request.workoutPlan ?? request.primary?.workoutPlan;
  const seen = new Set<string>();
  const targets: LiftTarget[] = [];
  for (const e of planExercises(plan)) {
    const t = exerciseTarget(recentOf, { name: e.name, reps: e.reps, targetReps: e.targetReps }, timeZone, unit);
    if (seen.has(t.exercise)) continue;
    seen.add(t.exercise);
    targets.push({ ...t, planned: e.reps, logged: lifting.has(t.exercise) });
  }
  for (const l of lifting.values()) {
    if (seen.has(l.exercise)) continue;
    seen.add(l.exercise);
    targets.push({ ...exerciseTarget(recentOf, { name: l.name, ...UNPLANNED }, timeZone, unit), logged: true });
  }
  return targets;
}

/** The plan's exercises, today's day first. */
function planExercises(plan: ReferencedRegimen | undefined) {
  if (!plan) return [];
  const days = [...plan.days].sort((a, b) => Number(b.dayNumber === plan.currentDay) - Number(a.dayNumber === plan.currentDay));
  return days.flatMap((d) => d.exercises);
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/[\s-]+/)
    .filter((w) => w.length >= 3 && !['why', 'this', 'that', 'the', 'weight', 'what', 'should', 'lift', 'next', 'how', 'much', 'heavy', 'for', 'and', 'load', 'target', 'use', 'today', 'time', 'session', 'workout'].includes(w))
    .map((w) => w.replace(/(es|s)$/, ''));

/** A weight the question names ("why 55 lb", "60kg"), to find the target that says it. */
function weightIn(message: string): { value: number; unit: 'lb' | 'kg' } | null {
  const m = /(\d+(?:\.\d+)?)\s*(lbs?|pounds?|kgs?|kilos?)\b/i.exec(message);
  if (!m) return null;
  return { value: Number(m[1]), unit: /^k/i.test(m[2]!) ? 'kg' : 'lb' };
}

/** The targets the question is about: the exercise it names (by its words), or the weight it names, else the first few. */
function asked(targets: LiftTarget[], message: string): LiftTarget[] {
  const words = wordsOf(message);
  const scored = targets.map((t) => {
    const have = wordsOf(t.name);
    return { t, score: words.filter((w) => have.some((h) => h.startsWith(w) || w.startsWith(h))).length };
  });
  const best = Math.max(0, ...scored.map((s) => s.score));
  let named = best > 0 ? scored.filter((s) => s.score === best).map((s) => s.t) : [];
  const weight = weightIn(message);
  if (weight) {
    // The weight as the reply wrote it, in either unit: a load logged in lb is written to a tenth of a kg.
    const said = lbOf(weight.value, weight.unit);
    const atWeight = (named.length > 0 ? named : targets).filter((t) => t.target_weight && Math.abs(lbOf(t.target_weight.value, t.target_weight.unit) - said) < 0.25);
    if (atWeight.length > 0) named = atWeight;
  }
  if (named.length > 0) return named;
  const logged = targets.filter((t) => t.logged);
  return (logged.length > 0 ? logged : targets).slice(0, LISTED);
}

const repsText = (t: LiftTarget) => {
  const range = (t.planned ?? UNPLANNED.reps).replace(/\s*-\s*/, '–');
  return t.target_reps === Number(range) ? `${t.target_reps} reps` : `${t.target_reps} reps a set (range ${range})`;
};

function line(t: LiftTarget, unit: WeightUnit): string {
  // A hold or cardio is aimed at by time, a body-weight move by reps alone (its reason says which).
  const what = t.target_seconds !== null ? `${t.target_seconds} s a set` : t.target_weight ? `${amount(t.target_weight.value, t.target_weight.unit, unit)} × ${repsText(t)}` : t.logged ? repsText(t) : 'no weight yet';
  const unplanned = t.planned === undefined ? ' (not in your plan, so the 8–12 range is assumed)' : '';
  return `- **${t.name}**: ${what}${unplanned}. ${t.reason}`;
}

/** The answer: each target with the sessions and sets it came from, then the rule in one paragraph. */
export function loadReply(request: CoachRequest): CoachReply {
  const targets = liftTargets(request);
  if (targets.length === 0 || targets.every((t) => !t.logged)) {
    return {
      message: paragraphs(
        'I set your weights from the sets you log, and I have none of yours yet.',
        'Log your sets in the tracker (weight and reps, warm-ups marked): after two sessions of an exercise I can tell you what to lift next and why, from those very sets.',
        targets.length > 0 ? `For now: ${targets.slice(0, LISTED).map((t) => t.reason).join(' ')}` : null,
      ),
      planData: [],
    };
  }
  const shown = asked(targets, request.message);
  const single = shown.length === 1 ? shown[0]! : null;
  return {
    message: paragraphs(
      single ? `Your next ${single.name}, from the sets you logged:` : 'Your next targets, from the sets you logged:',
      shown.map((t) => line(t, unitOf(request.profile))).join('\n'),
      'The rule (double progression): when every working set reached the top of the rep range in each of your last two sessions, the weight goes up by 2.5–10 % (more for legs, less for small lifts), rounded to your plates; when both sessions fell short of the bottom of the range, take 10 % off; otherwise keep the weight and aim for one more rep. Warm-ups never count. The tracker shows the same target beside the exercise.',
      single && !single.logged ? `You have not logged ${single.name} yet: log a session of it and I will set the weight from your sets.` : null,
    ),
    planData: [],
  };
}
