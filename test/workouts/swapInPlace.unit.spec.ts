import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { NO_SUCH_EXERCISE, saveRegimen, swapExercise } from '../../services/command/src/training/regimens/decide.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';
import { regimen } from '../../services/command/src/training/regimens/regimen.js';
import { regimensProjection, type RegimenDoc } from '../../services/query/src/training/regimens/regimens.projection.js';
import { withTarget } from '../../services/query/src/training/records/answers.js';
import { given, project } from '../support/decider.js';
import { samplePlan } from './plan.js';

const ann = 'user-ann';
const now = '2026-11-19T15:00:00.000Z';
const plan = workoutPlanOf(workoutPlanInput.parse(samplePlan())); // day 1: Squat, Lunge; day 2: Push-up; day 3: Plank
const saved = saveRegimen({ status: 'none' }, { regimenId: 'r1', userId: ann, plan, now: '2026-11-16T15:00:00.000Z' })[0]!;
const workout = newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber: 1, sessionId: 's1', completedAt: '2026-11-17T15:00:00.000Z', workout: true });
const live = { userId: ann, deleted: false, now };
/** A swap's event; the prescription is the line's as it was unless given (`sets`, `reps`, `targetReps`, `durationSeconds`). */
const lines: Record<string, { sets: number; reps: string; targetReps: number; durationSeconds: number }> = {
  'd1-e1': { sets: 3, reps: '8', targetReps: 8, durationSeconds: 90 },
  'd1-e2': { sets: 3, reps: '10', targetReps: 10, durationSeconds: 60 },
  'd2-e1': { sets: 4, reps: '12', targetReps: 12, durationSeconds: 45 },
  'd3-e1': { sets: 3, reps: '1', targetReps: 1, durationSeconds: 60 },
};
const swapped = (workoutId: string, replaced: string, name: string, version: number, prescribed: Partial<(typeof lines)[string]> = {}) =>
  newEvent('RegimenExerciseSwapped', { regimenId: 'r1', userId: ann, workoutId, replaced, name, version, swappedAt: now, ...lines[workoutId], ...prescribed });

describe('a swap edits the workout plan in place', () => {
  describe('the decider', () => {
    it('given a plan on day 2, when the lunge is swapped for a step-up, then the same plan is one version on', () => {
      given(regimen, [saved, workout])
        .when((s) => swapExercise(s, { ...live, workoutId: 'd1-e2', name: 'Step-up' }))
        .then([swapped('d1-e2', 'Lunge', 'Step-up', 2)]);
    });

    it('keeps the plan, its day and what was done; only that exercise changes', () => {
      const before = given(regimen, [saved, workout]).state;
      const after = given(regimen, [saved, workout, swapped('d1-e2', 'Lunge', 'Step-up', 2)]).state;
      if (before.status !== 'saved' || after.status !== 'saved') throw new Error('a saved plan');
      expect(after).to.include({ regimenId: 'r1', name: before.name, currentDay: 2, version: 2 });
      expect(after.completedDays).to.deep.equal(before.completedDays);
      expect(after.days.flatMap((d) => d.exercises.map((e) => e.name))).to.deep.equal(['Squat', 'Step-up', 'Push-up', 'Plank']);
    });

    it('a second swap is the next version; the same exercise again changes nothing', () => {
      given(regimen, [saved, swapped('d1-e2', 'Lunge', 'Step-up', 2)])
        .when((s) => swapExercise(s, { ...live, workoutId: 'd2-e1', name: 'Incline Push-up' }))
        .then([swapped('d2-e1', 'Push-up', 'Incline Push-up', 3)]);
      given(regimen, [saved]).when((s) => swapExercise(s, { ...live, workoutId: 'd1-e1', name: ' squat ' })).then([]);
    });

    it('the line follows the new exercise\'s kind: a hold by seconds, reps again after a hold, cardio one bout, a body-weight move keeps its reps', () => {
      // Push-ups (4 × 12) for a plank: held for its catalog time, one rep a set, the sets and rest kept.
      given(regimen, [saved])
        .when((s) => swapExercise(s, { ...live, workoutId: 'd2-e1', name: 'Front Plank' }))
        .then([swapped('d2-e1', 'Push-up', 'Front Plank (30 s hold)', 2, { reps: '1', targetReps: 1 })]);
      // A hold the chat names with its time keeps that time.
      given(regimen, [saved])
        .when((s) => swapExercise(s, { ...live, workoutId: 'd2-e1', name: 'Side Plank (25 s hold)' }))
        .then([swapped('d2-e1', 'Push-up', 'Side Plank (25 s hold)', 2, { reps: '1', targetReps: 1 })]);
      // The plank (3 × 1, a hold) for a move counted in reps: 10 reps a set, not one.
      given(regimen, [saved])
        .when((s) => swapExercise(s, { ...live, workoutId: 'd3-e1', name: 'Dead Bug' }))
        .then([swapped('d3-e1', 'Plank', 'Dead Bug', 2, { reps: '10', targetReps: 10 })]);
      // A loaded squat for a body-weight one: the same 3 × 8 (no load is written in a plan).
      given(regimen, [saved])
        .when((s) => swapExercise(s, { ...live, workoutId: 'd1-e1', name: 'Body-weight Squat' }))
        .then([swapped('d1-e1', 'Squat', 'Body-weight Squat', 2)]);
      // Lunges for cardio: one continuous bout, its minutes in the name.
      given(regimen, [saved])
        .when((s) => swapExercise(s, { ...live, workoutId: 'd1-e2', name: 'Brisk Walk' }))
        .then([swapped('d1-e2', 'Lunge', 'Brisk Walk (20 min, easy pace)', 2, { sets: 1, reps: '1', targetReps: 1, durationSeconds: 0 })]);
    });

    it('the plan and its targets read the swapped line as its kind: a plank by seconds with no weight, a body-weight squat with no weight', () => {
      const history = [saved, swapped('d2-e1', 'Push-up', 'Front Plank (30 s hold)', 2, { reps: '1', targetReps: 1 }), swapped('d1-e1', 'Squat', 'Body-weight Squat', 3)];
      const state = given(regimen, history).state;
      if (state.status !== 'saved') throw new Error('a saved plan');
      expect(state.days[1]!.exercises[0]).to.include({ name: 'Front Plank (30 s hold)', sets: 4, reps: '1', targetReps: 1, durationSeconds: 45 });
      const [doc] = [...project(regimensProjection, history).values()] as RegimenDoc[];
      const plank = doc!.workouts[1]!.exercises[0]!;
      expect(plank).to.include({ name: 'Front Plank (30 s hold)', sets: 4, reps: 1, target_reps: 1, rest: 45 });
      expect(withTarget(undefined, plank, 'America/New_York')).to.include({ kind: 'timed', target_seconds: 30, target_weight: null, target_weight_lb: null });
      expect(withTarget(undefined, doc!.workouts[0]!.exercises[0]!, 'America/New_York')).to.include({ kind: 'bodyweight', target_reps: 8, target_weight: null, target_seconds: null });
    });

    it('a swap recorded before the prescription followed the kind keeps the line\'s sets, reps and rest', () => {
      const old = newEvent('RegimenExerciseSwapped', { regimenId: 'r1', userId: ann, workoutId: 'd2-e1', replaced: 'Push-up', name: 'Front Plank', version: 2, swappedAt: now });
      const state = given(regimen, [saved, old]).state;
      if (state.status !== 'saved') throw new Error('a saved plan');
      expect(state.days[1]!.exercises[0]).to.include({ name: 'Front Plank', sets: 4, reps: '12', targetReps: 12 });
      const [doc] = [...project(regimensProjection, [saved, old]).values()] as RegimenDoc[];
      expect(doc!.workouts[1]!.exercises[0]).to.include({ name: 'Front Plank', sets: 4, reps: 12, target_reps: 12, rest: 45 });
    });

    it("refuses an exercise the plan does not have, a deleted plan and someone else's", () => {
      given(regimen, [saved]).when((s) => swapExercise(s, { ...live, workoutId: 'd9-e1', name: 'Step-up' })).thenThrows('not_found', NO_SUCH_EXERCISE);
      given(regimen, [saved]).when((s) => swapExercise(s, { ...live, deleted: true, workoutId: 'd1-e2', name: 'Step-up' })).thenThrows('not_found');
      given(regimen, [saved]).when((s) => swapExercise(s, { ...live, userId: 'user-bob', workoutId: 'd1-e2', name: 'Step-up' })).thenThrows('not_found');
    });
  });

  describe('the projection', () => {
    it('the plan as listed: the same id, name and day, the exercise swapped at its place, the completions kept', () => {
      const docs = [...project(regimensProjection, [saved, workout, swapped('d1-e2', 'Lunge', 'Step-up', 2)]).values()] as RegimenDoc[];
      expect(docs).to.have.length(1);
      const [doc] = docs;
      expect(doc).to.include({ regimen_id: 'r1', name: 'Strength Starter', current_day: 2, version: 2 });
      expect(doc!.completions.map((c) => c.session_id)).to.deep.equal(['s1']);
      expect(doc!.workouts[0]!.exercises.map((e) => [e.workout_id, e.name, e.sets, e.reps])).to.deep.equal([
        ['d1-e1', 'Squat', 3, 8],
        ['d1-e2', 'Step-up', 3, 10],
      ]);
    });
  });
});
