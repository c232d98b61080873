import { EXERCISES, levelRank, type Exercise } from '../training/exercises.js';
import { exerciseNamed } from '../training/exerciseIdentity.js';
import { HOW_TO } from '../training/howTo.js';
import { paragraphs } from './answers.js';
import type { CoachReply, CoachRequest } from './types.js';
import { named } from './why.js';

/**
 * "How do I do a push-up?", "what's the right form for the doorframe row?": the exercise's cues and main mistakes,
 * the same the plan page and the tracker show (services/domain/training/howTo.ts).
 */

const clean = (phrase: string) =>
  phrase
    .replace(/[?!.]+$/, '')
    .replace(/^(?:a|an|the|my|this|that|these|those|some)\s+/, '')
    .replace(/\s+(?:properly|correctly|right|safely|well|please|exercise|move)$/, '')
    .trim();

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3)
    .map((w) => w.replace(/(es|s)$/, ''));

/**
 * The catalog exercise a loose phrase names ("step-up", "the plank"): by name (or another name), else by the most
 * words shared, the tightest fit first. The chat's how-to answers and its swaps of a plan line it does not know by name
 * read it.
 */
export function catalogNamed(phrase: string): Exercise | undefined {
  const exact = exerciseNamed(phrase) ?? exerciseNamed(phrase.replace(/s$/, ''));
  if (exact) return exact;
  const asked = words(phrase);
  if (asked.length === 0) return undefined;
  const scored = EXERCISES.map((e) => {
    const have = words(e.name);
    const shared = asked.filter((w) => have.some((h) => h.startsWith(w) || w.startsWith(h))).length;
    return { e, shared, extra: have.length - shared };
  }).filter((s) => s.shared > 0);
  // The most words shared, then the fewest left over, then the one taught first (a beginner asks about a goblet squat).
  scored.sort((a, b) => b.shared - a.shared || a.extra - b.extra || levelRank(a.e.level) - levelRank(b.e.level));
  return scored[0]?.e;
}

/** The exercise a "how do I do …?" names: one of the plan at hand first ("the step-up"), else the catalog's. */
export function exerciseAsked(request: CoachRequest, phrase: string): Exercise | undefined {
  const inPlan = request.workoutPlan ? named(request.workoutPlan, phrase).map((m) => exerciseNamed(m.exercise.name)).find(Boolean) : undefined;
  return inPlan ?? catalogNamed(phrase);
}

export function howToReply(request: CoachRequest, phrase: string): CoachReply {
  const exercise = exerciseAsked(request, clean(phrase));
  if (!exercise) {
    return {
      message: `I do not know "${clean(phrase)}" well enough to coach its form. Ask me about an exercise in your plan by its name, for example "how do I do a goblet squat?", and show the person at your gym for anything else.`,
      planData: [],
    };
  }
  const how = HOW_TO[exercise.name]!;
  return {
    message: paragraphs(
      `**${exercise.name}**, how to do it:`,
      how.cues.map((cue) => `- ${cue}`).join('\n'),
      'Avoid:',
      how.mistakes.map((mistake) => `- ${mistake}`).join('\n'),
      'Start light and stop a set when the form slips. The same cues are under "How to do it" on your plan and in the tracker.',
    ),
    planData: [],
  };
}
