import { LRUCache } from 'lru-cache';
import { TRAINING } from '../../../events/bounds.js';
import { ALSO_CALLED, EXERCISES, type Exercise } from './exercises.js';

/**
 * Which exercise a set is of, whoever named it: typed in the tracker, picked from a plan, read from another app's
 * export or written by the coach. The one rule: a catalog exercise when the name's words match the catalog's name or
 * one of its other names (`ALSO_CALLED`: "Squat (Barbell)", "barbell squat" and "Back Squat" are all Barbell Back
 * Squat), else the user's own custom exercise under the name they gave. Records and progression are kept per
 * identity, never per a plan's workout id, so the same lift in two plans (or typed by hand) has one history.
 */
export interface ExerciseIdentity {
  /** Stable and URL-safe: the catalog name's slug, or `custom-<slug>` for an exercise not in the catalog. */
  key: string;
  /** The catalog's spelling, or the user's own (trimmed) for a custom one. */
  name: string;
  custom: boolean;
}

/** Spellings of one word that lifters use interchangeably, and words that say nothing about the lift. */
const SAME_WORD: Record<string, string> = {
  bb: 'barbell',
  db: 'dumbbell',
  dbs: 'dumbbell',
  dumbbells: 'dumbbell',
  barbells: 'barbell',
  kb: 'kettlebell',
  kettlebells: 'kettlebell',
  cables: 'cable',
  machines: 'machine',
  bw: 'bodyweight',
  pullup: 'pull-up',
  pushup: 'push-up',
  chinup: 'chin-up',
  ohp: 'overhead',
  presses: 'press',
  squats: 'squat',
  deadlifts: 'deadlift',
  rows: 'row',
  curls: 'curl',
  lunges: 'lunge',
  raises: 'raise',
  dips: 'dip',
  extensions: 'extension',
};
const FILLER = new Set(['with', 'the', 'a', 'on', 'and', 'of']);

/** The name's words, lower case, in a set (order and brackets do not matter), spellings made one. */
function wordsOf(name: string): string[] {
  const words = name
    .toLowerCase()
    .replace(/body[\s-]weight/g, 'bodyweight')
    .replace(/[()[\],/]/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter((w) => w && !FILLER.has(w))
    .map((w) => SAME_WORD[w] ?? w);
  return [...new Set(words)].sort();
}

const signature = (name: string) => wordsOf(name).join(' ');
/** A catalog name as a URL-safe key, words in their order ("barbell-back-squat"). */
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
/** A custom name's words in a set, so the same words typed in another order are the same exercise. */
const customSlug = (name: string) => wordsOf(name).join('-').replace(/[^a-z0-9-]/g, '') || 'exercise';

/** Catalog exercises by the signature of their name and of each of their other names; the catalog's own name wins. */
const catalog = new Map<string, Exercise>([
  ...EXERCISES.flatMap((e) => (ALSO_CALLED[e.name] ?? []).map((other): [string, Exercise] => [signature(other), e])),
  ...EXERCISES.map((e): [string, Exercise] => [signature(e.name), e]),
]);

/**
 * Identities by the name as typed, least recently used out first: a user types the same few names again with every
 * set, and working one out (its words split, mapped and sorted) is far dearer than remembering it. Frozen, since
 * every caller shares one.
 */
const identified = new LRUCache<string, Readonly<ExerciseIdentity>>({ max: 10_000 });

export function exerciseIdentity(typed: string): Readonly<ExerciseIdentity> {
  let identity = identified.get(typed);
  if (identity === undefined) identified.set(typed, (identity = Object.freeze(identify(typed))));
  return identity;
}

function identify(typed: string): ExerciseIdentity {
  const name = typed.trim().replace(/\s+/g, ' ');
  const known = catalog.get(signature(name));
  return known ? { key: slug(known.name), name: known.name, custom: false } : customIdentity(name);
}

/**
 * The person's own exercise under the name they gave, even where the catalog has a match for it: what they choose
 * when the match is not their lift.
 */
export function customIdentity(typed: string): ExerciseIdentity {
  const name = typed.trim().replace(/\s+/g, ' ');
  return { key: `custom-${customSlug(name)}`, name, custom: true };
}

/** The catalog entry behind an identity key, for what the catalog knows of the lift (pattern, heavy). */
const byKey = new Map<string, Exercise>(EXERCISES.map((e) => [slug(e.name), e]));
export const catalogExercise = (key: string): Exercise | undefined => byKey.get(key);

/** A key custom exercises are made with: `custom-` and the words of a name, within the bound events hold keys to. */
export const isCustomKey = (key: string): boolean => key.length <= TRAINING.exerciseKey && /^custom-[a-z0-9-]+$/.test(key);
/** A key an exercise can have: the catalog's or a custom one. */
export const isExerciseKey = (key: string): boolean => byKey.has(key) || isCustomKey(key);

/**
 * The name a logged exercise is shown under in records and history: the catalog's for a catalog key, however the
 * person typed it (`given`, kept in the event and shown back in the tracker), else the custom name as given.
 */
export const shownName = (key: string, given: string): string => catalogExercise(key)?.name ?? given;

/**
 * The catalog exercise a plan line names, by the same rule; plan lines may add detail in brackets ("Front Plank
 * (30 s hold)"), which is read without it when the whole name matches no catalog exercise.
 */
export function exerciseNamed(planName: string): Exercise | undefined {
  return catalogExercise(exerciseIdentity(planName).key) ?? catalogExercise(exerciseIdentity(planName.replace(/\s*\(.*$/, '')).key);
}
