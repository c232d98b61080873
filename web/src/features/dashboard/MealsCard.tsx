import { Link } from 'react-router-dom';
import { MacroBars } from '../../shared/components/MacroBars';
import type { DashboardAction, DashboardSummary } from './dashboardApi';
import { PrimaryPlanCard } from './PrimaryPlanCard';

interface Props {
  nutrition: DashboardSummary['nutrition'];
  busy: boolean;
  act: (action: DashboardAction) => Promise<boolean>;
}

/**
 * What was eaten today against the day's targets (the food log's day), then the primary meal plan's day
 * (docs/product.md#how-things-change "Dashboard meals").
 */
export function MealsCard({ nutrition, busy, act }: Props) {
  const { nextMeal, mealsToday, mealsEaten, dailyLogged, dailyGoals } = nutrition;
  const eatenToday = (
    <div className="meals-eaten">
      <h3 className="small-heading">Eaten today</h3>
      <MacroBars totals={dailyLogged} targets={dailyGoals} of="eaten today" />
      <p className="small">
        <Link to="/food">Log food</Link>
      </p>
    </div>
  );
  const undo = mealsEaten >= 1 && (
    <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => act({ action: 'undo-meal' })}>
      Undo Meal
    </button>
  );
  return (
    <PrimaryPlanCard id="meals-card-title" title="Meals" kind="meal" planId={nutrition.planId} planName={nutrition.planName} lead={eatenToday}>
      {(planId) =>
        mealsToday === 0 ? (
          <p>No meals scheduled for today</p>
        ) : nextMeal ? (
          <>
            <p className="small muted">
              {mealsEaten} of {mealsToday} planned meals eaten today
            </p>
            <div className="next-meal">
              <p>
                <span className="muted">Next meal:</span> <strong>{nextMeal.name}</strong>
              </p>
              <p className="small">
                {Math.round(nextMeal.calories)} kcal · P {nextMeal.protein} g · C {nextMeal.carbs} g · F {nextMeal.fats} g
              </p>
            </div>
            <div className="actions">
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => act({ action: 'log-meal', body: { mealPlanMealId: nextMeal.id } })}>
                Log meal
              </button>
              <Link className="btn btn--secondary" to={`/food?instead=${encodeURIComponent(nextMeal.id)}&meal=${encodeURIComponent(nextMeal.mealTime)}`}>
                Ate something else
              </Link>
              {undo}
              <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => act({ action: 'advance-meal-day', body: { mealPlanId: planId } })}>
                Continue to next day
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="callout callout--success">All meals complete for today</p>
            <div className="actions">
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => act({ action: 'advance-meal-day', body: { mealPlanId: planId } })}>
                Proceed to next day
              </button>
              {undo}
            </div>
          </>
        )
      }
    </PrimaryPlanCard>
  );
}
