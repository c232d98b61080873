import { Spinner, useToast } from '../../../shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PlanHeader } from '../../../shared/components/PlanHeader';
import { confirmDelete, PlanPicker, type PickablePlan } from '../../../shared/components/PlanPicker';
import { LoadFailed, reasonOf } from '../../../shared/components/LoadFailed';
import { SessionControls } from './SessionControls';
import { WorkoutDayCard } from './WorkoutDayCard';
import { useDeleteRegimenMutation, useRegimensQuery, useSelectRegimenMutation, type Regimen } from './workoutsApi';
import '../../../shared/components/screens.css';

/** Workout plans (docs/product.md#screens-feature-by-feature "/work"): pick a plan, make it primary or delete it, run a session, read its days. */
export default function WorkoutPlansPage() {
  const { data: regimens, isLoading, isError, error, refetch } = useRegimensQuery(undefined, { refetchOnMountOrArgChange: true });
  const [chosenId, setChosenId] = useState<string>();
  const [select, { isLoading: selecting }] = useSelectRegimenMutation();
  const [remove, { isLoading: deleting }] = useDeleteRegimenMutation();
  const toast = useToast();

  if (isLoading) {
    return (
      <main className="page screen">
        <Spinner label="Loading workout plans…" />
      </main>
    );
  }
  if (isError || !regimens) {
    return (
      <main className="page screen">
        <h1>Exercises</h1>
        <LoadFailed what="Failed to load workout regimens." error={error} retry={refetch} />
      </main>
    );
  }
  if (regimens.length === 0) {
    return (
      <main className="page screen">
        <h1>Exercises</h1>
        <div className="card empty-state">
          <p>You have not made any workout plans yet.</p>
          <p className="muted">Use the chat to talk to the AI trainer: ask for a workout plan and save it.</p>
          <Link className="btn btn--primary" to="/chat">
            Open AI Chat
          </Link>
        </div>
      </main>
    );
  }

  const plan: Regimen = regimens.find((r) => r.regimen_id === chosenId) ?? regimens[0]!;
  const isPrimary = (r: Regimen) => r.is_primary ?? r === regimens[0];
  const pickable: PickablePlan[] = regimens.map((r) => ({ id: r.regimen_id, name: r.name, isPrimary: isPrimary(r) }));

  const deletePlan = async (target: PickablePlan) => {
    if (!confirmDelete(target.name)) return;
    const result = await remove(target.id);
    if ('error' in result) return toast(`The plan was not deleted: ${reasonOf(result.error)}`, 'error');
    if (target.id === plan.regimen_id) setChosenId(undefined);
    toast('Workout plan deleted');
  };
  const makePrimary = async () => {
    const result = await select(plan.regimen_id);
    if ('error' in result) return toast(`The plan was not set as primary: ${reasonOf(result.error)}`, 'error');
    toast('Workout plan set as primary');
  };

  return (
    <main className="page screen plans-page">
      <h1>Exercises</h1>
      <PlanPicker label="Workout plan" plans={pickable} selectedId={plan.regimen_id} onSelect={setChosenId} onDelete={deletePlan} />
      <PlanHeader
        plan={pickable.find((p) => p.id === plan.regimen_id)!}
        stats={[
          // The plan's own goal: a plan written for losing weight is not headed "Strength and Muscle Building".
          ['Goal', plan.goal ?? null],
          ['Level', plan.level],
          ['Duration', plan.duration_weeks ? `${plan.duration_weeks} weeks` : null],
        ]}
        description={plan.description}
        busy={selecting || deleting}
        onMakePrimary={makePrimary}
        onDelete={deletePlan}
      />
      <SessionControls regimenId={plan.regimen_id} nameOf={(id) => regimens.find((r) => r.regimen_id === id)?.name} />
      <div className="day-list" key={`${plan.regimen_id}-${plan.current_day}`}>
        {[...plan.workouts]
          .sort((a, b) => a.day_number - b.day_number)
          .map((day) => (
            <WorkoutDayCard key={day.day_number} day={day} current={day.day_number === plan.current_day} />
          ))}
      </div>
    </main>
  );
}
