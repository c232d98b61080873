import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { NO_SUCH_EXERCISE, saveRegimen, swapExercise } from '../../services/command/src/training/regimens/decide.js';
import { workoutPlanInput, workoutPlanOf } from '../../services/command/src/training/regimens/planInput.js';
import { regimen } from '../../services/command/src/training/regimens/regimen.js';
import { regimensProjection, type RegimenDoc } from '../../services/query/src/training/regimens/regimens.projection.js';
import { given, project } from '../support/decider.js';
import { samplePlan } from './plan.js';

const ann = 'user-ann';
const now = '2026-11-19T15:00:00.000Z';
const plan = workoutPlanOf(workoutPlanInput.parse(samplePlan())); // day 1: Squat, Lunge; day 2: Push-up; day 3: Plank
const saved = saveRegimen({ status: 'none' }, { regimenId: 'r1', userId: ann, plan, now: '2026-11-16T15:00:00.000Z' })[0]!;
const workout = newEvent('RegimenDayCompleted', { regimenId: 'r1', userId: ann, dayNumber: 1, sessionId: 's1', completedAt: '2026-11-17T15:00:00.000Z', workout: true });
const live = { userId: ann, deleted: false, now };
const swapped = (workoutId: string, replaced: string, name: string, version: number) =>
  newEvent('RegimenExerciseSwapped', { regimenId: 'r1', userId: ann, workoutId, replaced, name, version, swappedAt: now });

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
