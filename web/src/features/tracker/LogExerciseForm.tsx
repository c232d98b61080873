import { useId, useState } from 'react';
import { canSave, emptyExerciseForm, entryFrom, prefill, type ExerciseForm } from './exerciseForm';
import type { TrackerWorkout } from './trackerApi';

interface Props {
  sessionId: string | undefined;
  workouts: TrackerWorkout[];
  onSave: (entry: NonNullable<ReturnType<typeof entryFrom>['entry']>) => void;
}

/** Log Exercise (spec §2): choose an exercise (pre-fills sets and reps), sets, reps per set, weight in lb. */
export function LogExerciseForm({ sessionId, workouts, onSave }: Props) {
  const [form, setForm] = useState<ExerciseForm>(emptyExerciseForm);
  const [problem, setProblem] = useState<string>();
  const id = useId();
  const set = (field: keyof ExerciseForm) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));

  return (
    <form
      className="card log-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const { entry, problem: wrong } = entryFrom(form, workouts);
        setProblem(wrong);
        if (!entry) return;
        onSave(entry);
        setForm(emptyExerciseForm);
      }}
    >
      <h2 id={`${id}-title`}>Log Exercise</h2>
      <div className="field">
        <label htmlFor={`${id}-exercise`}>Exercise</label>
        <select
          id={`${id}-exercise`}
          value={form.workoutId}
          onChange={(event) => setForm((f) => prefill(f, workouts.find((w) => w.workout_id === event.target.value)))}
        >
          <option value="">Select an exercise</option>
          {workouts.map((w) => (
            <option key={w.workout_id} value={w.workout_id}>
              {w.day_number ? `Day ${w.day_number}: ` : ''}
              {w.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-sets`}>Sets</label>
          <input id={`${id}-sets`} type="number" inputMode="numeric" min={1} step={1} value={form.sets} onChange={set('sets')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reps`}>Reps per set</label>
          <input id={`${id}-reps`} type="number" inputMode="numeric" min={1} step={1} value={form.reps} onChange={set('reps')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-weight`}>Weight (lb)</label>
          <input id={`${id}-weight`} type="number" inputMode="decimal" min={0} step="any" value={form.weight} onChange={set('weight')} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-notes`}>Notes (optional)</label>
        <input id={`${id}-notes`} type="text" maxLength={500} value={form.notes} onChange={set('notes')} />
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={!canSave(form, sessionId)}>
          Save Exercise
        </button>
      </div>
    </form>
  );
}
