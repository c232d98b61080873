import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { TRAINING } from '../../events/bounds.js';
import { ALREADY_MERGED, mergeExercise, nameExercise, TOO_MANY_OWN, NO_SUCH_EXERCISE, NOT_INTO_ITSELF, NOT_MERGED, ONLY_CUSTOM, OTHERS_MERGED_IN, splitExercise, TARGET_MERGED } from '../../services/command/src/training/exercises/decide.js';
import { merges } from '../../services/command/src/training/exercises/merges.js';
import { ownExercises } from '../../services/command/src/training/exercises/own.js';
import { exerciseMergesProjection, keysReadAs, mergedHistory, readAsKey, type ExerciseMergesDoc } from '../../services/query/src/training/records/exerciseMerges.projection.js';
import { recentLifts } from '../../services/domain/training/setFacts.js';
import { given, recorded } from '../support/decider.js';

const ann = 'user-ann';
const T0 = '2026-11-18T15:00:00.000Z';
const T1 = '2026-11-19T15:00:00.000Z';
const mine = 'custom-bb-squat';
const squat = 'barbell-back-squat';
const merged = (exercise = mine, into = squat, at = T0) => newEvent('CustomExerciseMerged', { userId: ann, exercise, into, mergedAt: at });
const split = (exercise = mine, at = T1) => newEvent('CustomExerciseSplit', { userId: ann, exercise, splitAt: at });
const merge = (exercise: string, into: string) => (s: typeof merges.initialState) => mergeExercise(s, { userId: ann, exercise, into, now: T0 });

describe('exercises of one\'s own: naming them', () => {
  const named = (exercise: string) => newEvent('CustomExerciseNamed', { userId: ann, exercise, namedAt: T0 });
  const name = (exercise: string) => (s: typeof ownExercises.initialState) => nameExercise(s, { userId: ann, exercise, now: T0 });
  const asMany = Array.from({ length: TRAINING.customExercises }, (_, i) => named(`custom-move-${i}`));
  it('names a custom exercise once, whatever else the stream holds', () => {
    given(ownExercises, []).when(name(mine)).then([named(mine)]);
    given(ownExercises, [merged(), named(mine)]).when(name(mine)).then([]);
  });
  it('refuses a new one past the most one person may have, and names the known ones as ever', () => {
    given(ownExercises, asMany.slice(1)).when(name(mine)).then([named(mine)]);
    given(ownExercises, asMany).when(name(mine)).thenThrows('conflict', TOO_MANY_OWN);
    given(ownExercises, asMany).when(name('custom-move-7')).then([]);
  });
});

describe('merges of custom exercises: the decider', () => {
  it('merges a custom exercise into a catalog one, or into another custom one', () => {
    given(merges, []).when(merge(mine, squat)).then([merged()]);
    given(merges, []).when(merge(mine, 'custom-zercher-squat')).then([merged(mine, 'custom-zercher-squat')]);
  });

  it('the same merge twice changes nothing', () => {
    given(merges, [merged()]).when(merge(mine, squat)).then([]);
  });

  it('only a custom exercise is merged, into a key an exercise can have, never into itself', () => {
    given(merges, []).when(merge(squat, 'barbell-bench-press')).thenThrows('invalid', ONLY_CUSTOM);
    given(merges, []).when(merge('Squat (Barbell)', squat)).thenThrows('invalid', ONLY_CUSTOM);
    given(merges, []).when(merge(mine, 'no-such-lift')).thenThrows('not_found', NO_SUCH_EXERCISE);
    given(merges, []).when(merge(mine, mine)).thenThrows('invalid', NOT_INTO_ITSELF);
  });

  it('no chains: not into what is merged away, not what others are merged into, not a merged one elsewhere', () => {
    given(merges, [merged()]).when(merge(mine, 'barbell-bench-press')).thenThrows('conflict', ALREADY_MERGED);
    given(merges, [merged()]).when(merge('custom-other', mine)).thenThrows('conflict', TARGET_MERGED);
    given(merges, [merged('custom-other', mine)]).when(merge(mine, squat)).thenThrows('conflict', OTHERS_MERGED_IN);
  });

  it('a split undoes a merge, after which the exercise can be merged again; an unmerged one has nothing to split', () => {
    given(merges, [merged()]).when((s) => splitExercise(s, { userId: ann, exercise: mine, now: T1 })).then([split()]);
    given(merges, []).when((s) => splitExercise(s, { userId: ann, exercise: mine, now: T1 })).thenThrows('conflict', NOT_MERGED);
    given(merges, [merged(), split()]).when((s) => splitExercise(s, { userId: ann, exercise: mine, now: T1 })).thenThrows('conflict', NOT_MERGED);
    given(merges, [merged(), split()]).when(merge(mine, 'barbell-bench-press')).then([merged(mine, 'barbell-bench-press')]);
  });
});

describe('merges of custom exercises: the read model', () => {
  const docOf = (events: AppNewEvent[]) => recorded(events).reduce<ExerciseMergesDoc | undefined>((doc, e) => exerciseMergesProjection.evolve(doc, e), undefined);

  it('reads a merged key as the one it is merged into until the split', () => {
    const doc = docOf([merged(), merged('custom-other', squat)]);
    expect(readAsKey(doc, mine)).to.equal(squat);
    expect(keysReadAs(doc, squat)).to.deep.equal([squat, mine, 'custom-other']);
    const parted = docOf([merged(), merged('custom-other', squat), split()]);
    expect(readAsKey(parted, mine)).to.equal(mine);
    expect(keysReadAs(parted, squat)).to.deep.equal([squat, 'custom-other']);
    expect(readAsKey(undefined, mine)).to.equal(mine);
    expect(readAsKey(docOf([merged()]), '__proto__')).to.equal('__proto__');
  });

  it('joins histories by date, a session with sets under both keys being one', () => {
    const set = (id: string, session: string, at: string) => ({ set_id: id, session_id: session, at, weight: 100, unit: 'kg' as const, weight_lb: 220.46, reps: 5, rpe: null, warmup: false });
    const own = { user_id: ann, exercise: squat, name: 'Barbell Back Squat', sessions: [{ session_id: 's2', date: T1, sets: [set('s2-s1', 's2', T1)] }] };
    const theirs = { user_id: ann, exercise: mine, name: 'BB Squat', sessions: [{ session_id: 's1', date: T0, sets: [set('s1-s1', 's1', T0)] }, { session_id: 's2', date: T1, sets: [set('s2-s2', 's2', T1)] }] };
    const joined = mergedHistory(squat, [own, theirs])!;
    expect(joined).to.include({ exercise: squat, name: 'Barbell Back Squat' });
    expect(joined.sessions.map((s) => [s.session_id, s.sets.map((x) => x.set_id)])).to.deep.equal([
      ['s1', ['s1-s1']],
      ['s2', ['s2-s1', 's2-s2']],
    ]);
    expect(mergedHistory(squat, [undefined, theirs])).to.include({ exercise: squat, name: 'Barbell Back Squat' });
    expect(mergedHistory(squat, [own, undefined])).to.equal(own);
  });
});

describe('merges of custom exercises: the coach reads the log through them too', () => {
  const sessionOf = (id: string, exercise: string, name: string, at: string): AppNewEvent[] => [
    newEvent('SetLogged', { sessionId: id, userId: ann, setId: `${id}-s1`, exercise, exerciseName: name, custom: exercise.startsWith('custom-'), weight: 100, unit: 'kg', reps: 5, rpe: null, warmup: false, loggedAt: at }),
    newEvent('WorkoutSessionEnded', { sessionId: id, userId: ann, regimenId: 'r1', dayNumber: 1, endedAt: at, runtimeSeconds: 60, totalDurationMinutes: 1, endedBy: 'ended' }),
  ];
  const lifts = [...sessionOf('s1', mine, 'BB Squat', T0), ...sessionOf('s2', squat, 'Back Squat', T1)];

  it('joins a merged exercise recent sessions to the one it is merged into, and parts them once split', () => {
    const joined = recentLifts(recorded([...lifts, merged()]));
    expect([...joined.keys()]).to.deep.equal([squat]);
    expect(joined.get(squat)!.recent.map((s) => s.session_id)).to.deep.equal(['s1', 's2']);
    const parted = recentLifts(recorded([...lifts, merged(), split()]));
    expect([...parted.keys()].sort()).to.deep.equal([squat, mine]);
  });
});
