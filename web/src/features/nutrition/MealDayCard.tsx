import { DayCard } from '../../shared/components/DayCard';
import type { MealPlan } from './mealsApi';

/** One plan day: its meals in order with calories, macros and allergens. */
export function MealDayCard({ day, meals, current }: { day: number; meals: MealPlan['meals']; current: boolean }) {
  const total = meals.reduce((sum, m) => sum + m.meal.calories, 0);
  return (
    <DayCard title={`Day ${day}`} current={current}>
      <ul className="meal-list">
        {meals.map((m) => (
          <li key={m.meal_plan_meal_id} className="meal">
            <div className="meal__top">
              <span className="meal__time">{m.meal_time}</span>
              <span className="meal__kcal">{Math.round(m.meal.calories)} kcal</span>
            </div>
            <p className="meal__name">{m.meal.name}</p>
            <p className="meal__macros small">
              Protein {m.meal.protein_grams} g · Carbs {m.meal.carbs_grams} g · Fats {m.meal.fats_grams} g
            </p>
            {m.meal.allergens && <p className="meal__allergens small">Allergens: {m.meal.allergens}</p>}
          </li>
        ))}
      </ul>
      <p className="small muted">Day total: {Math.round(total)} kcal</p>
    </DayCard>
  );
}
