import { useState } from 'react';
import { mealOrder } from '../../../../contract/nutrition/mealTimes';
import type { MealPlanData, PlanData, WorkoutPlanData } from '../../../../contract/coach/chatAnswer';
import { doseOf } from '../../shared/dose';

function WorkoutSummary({ plan }: { plan: WorkoutPlanData }) {
  const days = [...(plan.workouts ?? [])].sort((a, b) => a.day - b.day);
  return (
    <>
      <p className="small muted">
        {[plan.level, plan.duration_weeks ? `${plan.duration_weeks} weeks` : null, `${days.length} day${days.length === 1 ? '' : 's'}`].filter(Boolean).join(' · ')}
      </p>
      <ul className="plan-card__days">
        {days.map((d) => (
          <li key={d.day}>
            <strong>Day {d.day}:</strong> {d.summary} — {d.exercises.map((e) => [e.name, doseOf(e)].filter(Boolean).join(' ')).join(', ') || 'rest'}
          </li>
        ))}
      </ul>
    </>
  );
}

function MealSummary({ plan }: { plan: MealPlanData }) {
  const byDay = new Map<number, MealPlanData['meals']>();
  for (const m of plan.meals ?? []) byDay.set(m.day, [...(byDay.get(m.day) ?? []), m]);
  const days = [...byDay.entries()].sort(([a], [b]) => a - b);
  return (
    <>
      <p className="small muted">
        {[plan.diet_type, plan.calorie_goal ? `${plan.calorie_goal} kcal a day` : null, `${days.length} day${days.length === 1 ? '' : 's'}`].filter(Boolean).join(' · ')}
      </p>
      <ul className="plan-card__days">
        {days.map(([day, meals]) => (
          <li key={day}>
            <strong>Day {day}:</strong>{' '}
            {[...meals]
              .sort((a, b) => mealOrder(a.meal_time) - mealOrder(b.meal_time))
              .map((m) => `${m.meal_time}: ${m.meal} (${Math.round(m.calories)} kcal)`)
              .join(', ')}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A plan the AI wrote, summarised by days and meals or exercises, with Save (or, for swaps in a saved plan, Swap in my plan). */
export function PlanCard({ plan, saved, onSave }: { plan: PlanData; saved: boolean; onSave: () => Promise<void> }) {
  const [saving, setSaving] = useState(false);
  const kind = plan.planType === 'meal' ? 'Meal plan' : 'Workout plan';
  return (
    <article className="plan-card" aria-label={`${kind}: ${plan.name}`}>
      <p className="plan-card__kind small">{kind}</p>
      <h3 className="plan-card__name">{plan.name}</h3>
      {plan.description && <p className="small">{plan.description}</p>}
      {plan.planType === 'meal' ? <MealSummary plan={plan} /> : <WorkoutSummary plan={plan} />}
      <div className="actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={saving || saved}
          onClick={async () => {
            setSaving(true);
            await onSave();
            setSaving(false);
          }}
        >
          {plan.planType === 'workout' && plan.revises ? (saved ? 'Swapped in your plan' : 'Swap in my plan') : saved ? 'Saved' : `Save ${kind.toLowerCase()}`}
        </button>
      </div>
    </article>
  );
}
