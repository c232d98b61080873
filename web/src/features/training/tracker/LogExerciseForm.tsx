import { useEffect, useId, useState } from 'react';
import { Field, Input, Select } from '../../../shared/ui';
import { canSave, emptyExerciseForm, entryFrom, prefill, type ExerciseForm } from './exerciseForm';
import type { TrackerWorkout } from './trackerApi';
import type { WeightUnit } from '../records/units';

interface Props {
  sessionId: string | undefined;
  workouts: TrackerWorkout[];
  /** The person's unit: the weight is typed in it (the caller sends the spec's pounds). */
  unit: WeightUnit;
  onSave: (entry: NonNullable<ReturnType<typeof entryFrom>['entry']>) => void;
}

/** Log Exercise (docs/product.md#screens-feature-by-feature): choose an exercise (pre-fills sets and reps), sets, reps per set, weight in the person's unit. */
export function LogExerciseForm({ sessionId, workouts, unit, onSave }: Props) {
  // What is typed and not yet saved outlives a reload of the session, in this tab only.
  const draftKey = `exerciseDraft:${sessionId ?? ''}`;
  const [form, setForm] = useState<ExerciseForm>(() => {
    try {
      return { ...emptyExerciseForm, ...(JSON.parse(sessionStorage.getItem(draftKey) ?? '{}') as Partial<ExerciseForm>) };
    } catch {
      return emptyExerciseForm;
    }
  });
  useEffect(() => {
    sessionStorage.setItem(draftKey, JSON.stringify(form));
  }, [draftKey, form]);
  const [problem, setProblem] = useState<string>();
  const id = useId();
  const set = (field: keyof ExerciseForm) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));

  return (
    <form
      className="card log-form stack"
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
      <Field label="Exercise">
        <Select value={form.workoutId} onChange={(event) => setForm((f) => prefill(f, workouts.find((w) => w.workout_id === event.target.value)))}>
          <option value="">Select an exercise</option>
          {workouts.map((w) => (
            <option key={w.workout_id} value={w.workout_id}>
              {w.day_number ? `Day ${w.day_number}: ` : ''}
              {w.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className="field-row">
        <Field label="Sets">
          <Input type="number" inputMode="numeric" min={1} step={1} value={form.sets} onChange={set('sets')} />
        </Field>
        <Field label="Reps per set">
          <Input type="number" inputMode="numeric" min={1} step={1} value={form.reps} onChange={set('reps')} />
        </Field>
        <Field label={`Weight (${unit})`}>
          <Input type="number" inputMode="decimal" min={0} step="any" value={form.weight} onChange={set('weight')} />
        </Field>
      </div>
      <Field label="Notes" optional>
        <Input type="text" maxLength={500} value={form.notes} onChange={set('notes')} />
      </Field>
      {problem && (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn--primary" disabled={!canSave(form, sessionId)}>
          Save Exercise
        </button>
      </div>
    </form>
  );
}
