import { useEffect, useState } from 'react';
import { serverText } from '../../shared/api/http';
import { useSearchParams } from 'react-router-dom';
import { loggedTotals } from '../../../../contract/nutrition/foodDay';
import { FOOD_LOG_DEFAULTS } from '../../../../contract/nutrition/foodLogLimits';
import { MEAL_TIMES, type MealTime } from '../../../../contract/nutrition/mealTimes';
import type { FoodFound } from '../../../../contract/nutrition/foodLogAnswer';
import { MacroBars } from '../../shared/components/MacroBars';
import { Button, Field, Input, Select, useToast } from '../../shared/ui';
import { useLogFoodMutation, type ShownFood } from '../../shared/api/foodLog';
import { isLocalId } from '../../shared/offline/db';
import { OwnFoods } from './OwnFoods';
import { useCopyMealMutation, useDeleteFoodEntryMutation, useFoodDayQuery, useSearchFoodsQuery } from './foodApi';
import './food.css';

const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Typing settles before a search is sent. */
function useSettled(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** One food found: choose a measure and how many, then log it. */
function FoodChoice({ food, onLog, busy }: { food: FoodFound; onLog: (portion: string, quantity: number, shown: ShownFood) => void; busy: boolean }) {
  const [portion, setPortion] = useState(food.portions[0]!.label);
  const [quantity, setQuantity] = useState('1');
  const grams = (food.portions.find((p) => p.label === portion)?.grams ?? 100) * (Number(quantity) || 0);
  // What the entry counts for, as the server works it out: per 100 g times the grams eaten.
  const of = (per100g: number, digits = 10) => Math.round((per100g * grams * digits) / 100) / digits;
  const shown = { name: food.name, calories: of(food.per100g.kcal, 1), protein: of(food.per100g.protein), carbs: of(food.per100g.carbs), fats: of(food.per100g.fats) };
  const kcal = shown.calories;
  return (
    <li className="food-choice card">
      <p className="food-choice__name">{food.name}</p>
      <div className="food-choice__row">
        <Field label="Portion">
          <Select value={portion} onChange={(e) => setPortion(e.target.value)}>
            {food.portions.map((p) => (
              <option key={p.label} value={p.label}>
                {p.label} ({p.grams} g)
              </option>
            ))}
          </Select>
        </Field>
        <Field label="How many">
          <Input type="number" inputMode="decimal" min="0.25" step="0.25" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </Field>
      </div>
      <Button small busy={busy} disabled={!(Number(quantity) > 0)} onClick={() => onLog(portion, Number(quantity), shown)}>
        Log {kcal} kcal
      </Button>
    </li>
  );
}

/** The food log: search and log foods, quick-add calories, the day's entries by meal with its macros against the targets. */
export default function FoodLogPage() {
  const [params, setParams] = useSearchParams();
  // "Ate something else": the planned meal the next entry replaces, and its meal time.
  const insteadOf = params.get('instead') ?? undefined;
  const planned = params.get('meal')?.toLowerCase() ?? 'meal';
  const [mealTime, setMealTime] = useState<MealTime>((MEAL_TIMES as readonly string[]).includes(params.get('meal') ?? '') ? (params.get('meal') as MealTime) : 'Lunch');
  const [text, setText] = useState('');
  const [quickKcal, setQuickKcal] = useState('');
  const [quickName, setQuickName] = useState('');
  const q = useSettled(text.trim(), 250);
  const found = useSearchFoodsQuery(q, { skip: q.length < 2 });
  // Today as the server dates entries, in the profile's zone: the device's date may be a day off from it.
  const { data: today } = useFoodDayQuery();
  const [logFood, logging] = useLogFoodMutation();
  const [deleteEntry] = useDeleteFoodEntryMutation();
  const [copyMeal] = useCopyMealMutation();
  const toast = useToast();

  const log = async (body: Parameters<typeof logFood>[0]) => {
    try {
      await logFood({ ...body, ...(insteadOf && { instead_of: insteadOf }) }).unwrap();
      toast('Logged');
      // The planned meal is replaced once: what is logged after it is eaten besides it.
      if (insteadOf) setParams({}, { replace: true });
      setText('');
      return true;
    } catch (error) {
      toast(serverText(error) ?? 'Could not log that', 'error');
      return false;
    }
  };

  return (
    <main className="page screen food-log">
      <h1>Food log</h1>
      {insteadOf && <p className="card small">Logging what you ate instead of the planned {planned}.</p>}
      <Field label="Meal">
        <Select value={mealTime} onChange={(e) => setMealTime(e.target.value as MealTime)}>
          {MEAL_TIMES.map((time) => (
            <option key={time}>{time}</option>
          ))}
        </Select>
      </Field>
      <Field label="Search foods" hint="Word order, plurals and typos are fine">
        <Input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="veggie pizza" />
      </Field>
      {q.length >= 2 && found.data && (
        <ul className="food-results" aria-label="Foods found">
          {found.data.foods.length === 0 && <li className="small muted">No food matches. Quick-add it below.</li>}
          {found.data.foods.slice(0, 8).map((food) => (
            <FoodChoice key={food.id} food={food} busy={logging.isLoading} onLog={(portion, quantity, shown) => log({ meal_time: mealTime, food: food.id, portion, quantity, shown })} />
          ))}
        </ul>
      )}
      <section className="card quick-add" aria-label="Quick add">
        <h2>Quick add</h2>
        <div className="food-choice__row">
          <Field label="Calories">
            <Input type="number" inputMode="numeric" min="0" value={quickKcal} onChange={(e) => setQuickKcal(e.target.value)} />
          </Field>
          <Field label="Name" optional>
            <Input value={quickName} onChange={(e) => setQuickName(e.target.value)} placeholder="Coffee" />
          </Field>
        </div>
        <Button
          small
          disabled={!(Number(quickKcal) >= 0 && quickKcal !== '')}
          onClick={() => {
            const name = quickName.trim();
            void log({ meal_time: mealTime, kcal: Number(quickKcal), ...(name && { name }), shown: { name: name || FOOD_LOG_DEFAULTS.name, calories: Number(quickKcal), protein: 0, carbs: 0, fats: 0 } });
            setQuickKcal('');
            setQuickName('');
          }}
        >
          Add
        </Button>
      </section>
      <OwnFoods
        busy={logging.isLoading}
        onLog={({ name, kcal, protein, carbs, fats }) => log({ meal_time: mealTime, custom: { name, kcal, protein, carbs, fats }, shown: { name, calories: kcal, protein, carbs, fats } })}
      />
      {today && (
        <section aria-label="Today">
          <h2>Today</h2>
          <MacroBars totals={loggedTotals(today)} targets={today.targets} of="eaten today" />
          {today.meals.map((meal) => (
            <div key={meal.mealTime} className="card food-meal">
              <h3>
                {meal.mealTime} <span className="small muted">{meal.totals.calories} kcal</span>
              </h3>
              <ul>
                {meal.entries.map((entry, index) => (
                  <li key={entry.entryId ?? `planned-${index}`} className="food-entry">
                    <span>
                      {entry.name} <span className="small muted">{entry.quantity !== 1 ? `${entry.quantity} × ` : ''}{entry.portion} · {entry.calories} kcal</span>
                      {entry.entryId && isLocalId(entry.entryId) && <> <span className="tag">Not yet synced</span></>}
                    </span>
                    {entry.entryId && (
                      <Button small variant="ghost" aria-label={`Remove ${entry.name}`} onClick={() => void deleteEntry(entry.entryId!)}>
                        Remove
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <Button small variant="secondary" onClick={() => void copyMeal({ from_date: dayBefore(today.date), meal_time: mealTime }).unwrap().catch(() => toast(`Nothing logged for yesterday's ${mealTime.toLowerCase()}`, 'error'))}>
            Copy yesterday's {mealTime.toLowerCase()}
          </Button>
        </section>
      )}
    </main>
  );
}
