import { Spinner, useToast } from '../../shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PlanHeader } from '../../shared/components/PlanHeader';
import { confirmDelete, PlanPicker, type PickablePlan } from '../../shared/components/PlanPicker';
import { MealDayCard } from './MealDayCard';
import {
  mealsByDay,
  useAdvanceMealDayMutation,
  useDeleteMealPlanMutation,
  useMealPlansQuery,
  useSelectMealPlanMutation,
  type MealPlan,
} from './mealsApi';
import '../../shared/components/screens.css';

/** Meal plans (docs/product.md#screens-feature-by-feature "/plan"): pick a plan, make it primary, move to the next day, read its days. */
export default function MealPlansPage() {
  const { data: plans, isLoading, isError, refetch } = useMealPlansQuery(undefined, { refetchOnMountOrArgChange: true });
  const [chosenId, setChosenId] = useState<string>();
  const [select, { isLoading: selecting }] = useSelectMealPlanMutation();
  const [remove, { isLoading: deleting }] = useDeleteMealPlanMutation();
  const [advance, { isLoading: advancing }] = useAdvanceMealDayMutation();
  const toast = useToast();

  if (isLoading) {
    return (
      <main className="page screen">
        <Spinner label="Loading meal plans…" />
      </main>
    );
  }
  if (isError || !plans) {
    // docs/product.md#what-the-user-is-told-when-something-fails: failures of the plan lists are only logged; the page still offers a way out.
    return (
      <main className="page screen">
        <h1>Meal Plans</h1>
        <div className="card" role="alert">
          <p>Meal plans could not be loaded.</p>
          <button type="button" className="btn btn--primary" onClick={() => refetch()}>
            Retry
          </button>
        </div>
      </main>
    );
  }
  if (plans.length === 0) {
    return (
      <main className="page screen">
        <h1>Meal Plans</h1>
        <p>
          <Link to="/food">Food log: log what you ate</Link>
        </p>
        <div className="card empty-state">
          <p>You have not created any meal plans yet.</p>
          <p className="muted">Use the chat for assistance: ask the AI trainer for a meal plan and save it.</p>
          <Link className="btn btn--primary" to="/chat">
            Open AI Chat
          </Link>
        </div>
      </main>
    );
  }

  const plan: MealPlan = plans.find((p) => p.meal_plan_id === chosenId) ?? plans[0]!;
  const isPrimary = (p: MealPlan) => p.is_primary ?? p === plans[0];
  const pickable: PickablePlan[] = plans.map((p) => ({ id: p.meal_plan_id, name: p.name, isPrimary: isPrimary(p) }));

  const deletePlan = async (target: PickablePlan) => {
    if (!confirmDelete(target.name)) return;
    const result = await remove(target.id);
    if ('error' in result) return console.error('Deleting a meal plan failed', result.error);
    if (target.id === plan.meal_plan_id) setChosenId(undefined);
    toast('Meal plan deleted');
  };
  const makePrimary = async () => {
    const result = await select(plan.meal_plan_id);
    if ('error' in result) return console.error('Selecting a meal plan failed', result.error);
    toast('Meal plan set as primary');
  };
  const nextDay = async () => {
    const result = await advance(plan.meal_plan_id);
    if ('error' in result) console.error('Advancing the meal plan failed', result.error);
  };

  return (
    <main className="page screen plans-page">
      <h1>Meal Plans</h1>
      <PlanPicker label="Meal plan" plans={pickable} selectedId={plan.meal_plan_id} onSelect={setChosenId} onDelete={deletePlan} />
      <PlanHeader
        plan={pickable.find((p) => p.id === plan.meal_plan_id)!}
        stats={[
          ['Diet type', plan.diet_type],
          ['Daily calories', plan.calorie_goal == null ? null : `${Math.round(plan.calorie_goal)} kcal`],
          ['Current day', `Day ${plan.current_day}`],
        ]}
        description={plan.description}
        busy={selecting || deleting}
        onMakePrimary={makePrimary}
        onDelete={deletePlan}
      >
        <div className="actions">
          <button type="button" className="btn btn--secondary" disabled={advancing} onClick={nextDay}>
            Proceed to next day
          </button>
        </div>
      </PlanHeader>
      {/* Keyed by the current day so the new current day opens after advancing. */}
      <div className="day-list" key={`${plan.meal_plan_id}-${plan.current_day}`}>
        {mealsByDay(plan).map(({ day, meals }) => (
          <MealDayCard key={day} day={day} meals={meals} current={day === plan.current_day} />
        ))}
      </div>
    </main>
  );
}
