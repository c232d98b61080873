import { expect } from 'chai';
import { canSave, emptyExerciseForm, entryFrom, prefill } from '../../web/src/features/training/tracker/exerciseForm';

const squat = { workout_id: 'd1-e1', name: 'Squat', sets: 3, reps_per_set: 8 };
// Reps written "8-12" in the plan: the server answers their lower bound (test/workouts/planInput.int.spec.ts).
const curl = { workout_id: 'd2-e1', name: 'Curl', sets: 4, reps_per_set: 8 };

describe('Workout tracker: Log Exercise form (docs/product.md#how-things-change, docs/product.md#what-input-is-accepted)', () => {
  it("choosing an exercise pre-fills its sets and reps and resets the weight to 0", () => {
    const typed = { ...emptyExerciseForm, weight: '135', notes: 'felt good' };
    expect(prefill(typed, squat)).to.deep.equal({ workoutId: 'd1-e1', sets: '3', reps: '8', weight: '0', notes: 'felt good' });
  });

  it('pre-fills the reps the server gives (the lower bound of a range)', () => {
    expect(prefill(emptyExerciseForm, curl)).to.include({ sets: '4', reps: '8', weight: '0' });
  });

  it('choosing no exercise empties the form', () => {
    expect(prefill({ ...emptyExerciseForm, workoutId: 'd1-e1', sets: '3', reps: '8' }, undefined)).to.deep.equal(emptyExerciseForm);
  });

  it('Save needs an active session and a chosen exercise', () => {
    expect(canSave(emptyExerciseForm, 'session-1')).to.equal(false);
    expect(canSave(prefill(emptyExerciseForm, squat), undefined)).to.equal(false);
    expect(canSave(prefill(emptyExerciseForm, squat), 'session-1')).to.equal(true);
  });

  it('turns the form into an entry, or says which field is wrong', () => {
    const form = { ...prefill(emptyExerciseForm, squat), weight: '95.5', notes: '  slow  ' };
    expect(entryFrom(form, [squat, curl])).to.deep.equal({ entry: { workoutId: 'd1-e1', name: 'Squat', sets: 3, reps: 8, weight: 95.5, notes: 'slow' } });
    expect(entryFrom({ ...form, sets: '0' }, [squat]).problem).to.equal('Sets must be a whole number of at least 1');
    expect(entryFrom({ ...form, reps: '2.5' }, [squat]).problem).to.equal('Reps per set must be a whole number of at least 1');
    expect(entryFrom({ ...form, weight: '-1' }, [squat]).problem).to.equal('Weight must be 0 or more');
    expect(entryFrom({ ...form, weight: '' }, [squat]).entry?.weight).to.equal(0);
    expect(entryFrom(emptyExerciseForm, [squat]).problem).to.equal('Choose an exercise');
  });
});
