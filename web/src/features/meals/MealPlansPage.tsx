import { Spinner } from '../../app/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { confirmDelete, PlanPicker, TrashIcon, type PickablePlan } from '../common/PlanPicker';
import { useToast } from '../../app/ui';
import { MealDayCard } from './MealDayCard';
import {
  mealsByDay,
  useAdvanceMealDayMutation,
  useDeleteMealPlanMutation,
  useMealPlansQuery,
  useSelectMealPlanMutation,
  type MealPlan,
} from './mealsApi';
import '../common/screens.css';

/** Meal plans (spec §2 "/plan"): pick a plan, make it primary, move to the next day, read its days. */
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
    // Spec §8: failures of the plan lists are only logged; the page still offers a way out.
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
      <section className="card plan-header" aria-labelledby="plan-name">
        <div className="plan-header__top">
          <h2 id="plan-name">
            {plan.name} {isPrimary(plan) && <span className="tag">Primary</span>}
          </h2>
          <div className="actions">
            {!isPrimary(plan) && (
              <>
                <button type="button" className="btn btn--primary" disabled={selecting} onClick={makePrimary}>
                  Make Primary
                </button>
                <button
                  type="button"
                  className="icon-btn icon-btn--danger"
                  aria-label={`Delete ${plan.name}`}
                  disabled={deleting}
                  onClick={() => deletePlan({ id: plan.meal_plan_id, name: plan.name, isPrimary: false })}
                >
                  <TrashIcon />
                </button>
              </>
            )}
          </div>
        </div>
        <dl className="plan-stats">
          <div>
            <dt>Diet type</dt>
            <dd>{plan.diet_type || '--'}</dd>
          </div>
          <div>
            <dt>Daily calories</dt>
            <dd>{plan.calorie_goal == null ? '--' : `${Math.round(plan.calorie_goal)} kcal`}</dd>
          </div>
          <div>
            <dt>Current day</dt>
            <dd>Day {plan.current_day}</dd>
          </div>
        </dl>
        {plan.description && <p className="plan-description">{plan.description}</p>}
        <div className="actions">
          <button type="button" className="btn btn--secondary" disabled={advancing} onClick={nextDay}>
            Proceed to next day
          </button>
        </div>
      </section>
      {/* Keyed by the current day so the new current day opens after advancing. */}
      <div className="day-list" key={`${plan.meal_plan_id}-${plan.current_day}`}>
        {mealsByDay(plan).map(({ day, meals }) => (
          <MealDayCard key={day} day={day} meals={meals} current={day === plan.current_day} />
        ))}
      </div>
    </main>
  );
}
