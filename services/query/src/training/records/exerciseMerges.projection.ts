import { erasesAccount, type Projection } from '../../projection.js';
import { catalogExercise } from '../../../../domain/training/exerciseIdentity.js';
import { joinedMarks, type Marks, type SessionSets } from '../../../../domain/training/strength.js';
import { RECENT_SESSIONS } from '../../../../domain/training/setFacts.js';
import type { ExerciseHistoryDoc } from './exerciseHistory.projection.js';

/**
 * One user's merges of custom exercises into others (docs/adr/0075-one-exercise-identity-and-merges-at-read-time.md).
 * The records and history read models keep every key's facts apart; the answers read them through this doc, so a
 * merge joins two exercises and an undo parts them exactly.
 */
export interface ExerciseMergesDoc {
  user_id: string;
  /** Merged custom key → the key it is read as. */
  into: Record<string, string>;
}

export const exerciseMergesProjection: Projection<ExerciseMergesDoc> = {
  name: 'exerciseMerges',
  handles: ['CustomExerciseMerged', 'CustomExerciseSplit', 'AccountDeleted'],
  erases: erasesAccount,
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event) {
    const current: ExerciseMergesDoc = doc ?? { user_id: (event.data as { userId: string }).userId, into: {} };
    if (event.type === 'CustomExerciseMerged') return { ...current, into: { ...current.into, [event.data.exercise]: event.data.into } };
    if (event.type === 'CustomExerciseSplit') {
      const into = { ...current.into };
      delete into[event.data.exercise];
      return { ...current, into };
    }
    return doc;
  },
};

/** The key `key` is read as: the one it is merged into, else itself (merges do not chain). */
export const readAsKey = (merges: ExerciseMergesDoc | undefined, key: string): string => (merges && Object.hasOwn(merges.into, key) ? merges.into[key]! : key);

/** The keys read as `key`: itself, then those merged into it. */
export const keysReadAs = (merges: ExerciseMergesDoc | undefined, key: string): string[] => [key, ...Object.keys(merges?.into ?? {}).filter((k) => merges!.into[k] === key)];

/** An exercise read as `key` is named as `key`'s own entry names it, else by the catalog, else as it was (`name`). */
const nameOf = (key: string, own: string | undefined, name: string) => own ?? catalogExercise(key)?.name ?? name;

/**
 * Per-key records read through the merges: one row per key read, its marks the best of its keys', and the merged
 * custom exercises it holds. In the order given (each row where its first key was).
 */
export function mergedRecords<R extends { exercise: string; name: string; marks: Marks }>(merges: ExerciseMergesDoc | undefined, rows: R[]): (R & { merged: { exercise: string; name: string }[] })[] {
  const joined = new Map<string, R & { merged: { exercise: string; name: string }[] }>();
  for (const row of rows) {
    const key = readAsKey(merges, row.exercise);
    const known = joined.get(key);
    const merged = key === row.exercise ? [] : [{ exercise: row.exercise, name: row.name }];
    if (!known) joined.set(key, { ...row, exercise: key, name: nameOf(key, key === row.exercise ? row.name : undefined, row.name), merged });
    else joined.set(key, { ...known, name: key === row.exercise ? row.name : known.name, marks: joinedMarks(known.marks, row.marks), merged: [...known.merged, ...merged] });
  }
  return [...joined.values()];
}

/** The last ended sessions of every key read as `key`, oldest first, as many as progression reads. */
export function mergedRecent(merges: ExerciseMergesDoc | undefined, key: string, recentOf: (key: string) => SessionSets[]): SessionSets[] {
  const keys = keysReadAs(merges, key);
  if (keys.length === 1) return recentOf(key);
  return keys.flatMap(recentOf).sort((a, b) => a.date.localeCompare(b.date)).slice(-RECENT_SESSIONS);
}

/** The histories of the keys read as `key` as one, by date; a session with sets under two of them is one session. */
export function mergedHistory(key: string, docs: (ExerciseHistoryDoc | undefined)[]): ExerciseHistoryDoc | undefined {
  const [own, ...others] = docs;
  const present = docs.filter((d): d is ExerciseHistoryDoc => d !== undefined);
  const [first] = present;
  if (!first || others.every((d) => d === undefined)) return own ?? first;
  const bySession = new Map<string, ExerciseHistoryDoc['sessions'][number]>();
  for (const s of present.flatMap((d) => d.sessions)) {
    const known = bySession.get(s.session_id);
    bySession.set(s.session_id, known ? { ...known, sets: [...known.sets, ...s.sets].sort((x, y) => x.at.localeCompare(y.at)) } : s);
  }
  const sessions = [...bySession.values()].sort((a, b) => a.date.localeCompare(b.date));
  return { user_id: first.user_id, exercise: key, name: nameOf(key, own?.name, first.name), sessions };
}
