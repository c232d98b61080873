import { useState } from 'react';
import { FOOD_LOG } from '../../../../contract/nutrition/foodLogLimits';
import type { OwnFood, OwnFoodServing } from '../../../../contract/nutrition/foodLogAnswer';
import { Button, Field, Input } from '../../shared/ui';
import { useOwnFoodsQuery } from './foodApi';

/** One serving of a food the person typed, as POST /api/food-log's `custom` takes it. */
export type TypedFood = Omit<OwnFoodServing, 'times'>;

const MACRO_FIELDS = [
  ['protein', 'Protein (g)'],
  ['carbs', 'Carbs (g)'],
  ['fats', 'Fats (g)'],
] as const;

const blank = { name: '', kcal: '', protein: '', carbs: '', fats: '' };

/**
 * The person's own foods: a food typed with its calories and macros, remembered by the server, and offered again as
 * the recent and the frequent ones, each logged again with one tap.
 */
export function OwnFoods({ onLog, busy }: { onLog: (food: TypedFood) => Promise<boolean>; busy: boolean }) {
  const { data } = useOwnFoodsQuery();
  const [shown, setShown] = useState<'recent' | 'frequent'>('recent');
  const [form, setForm] = useState(blank);
  const set = (field: keyof typeof blank) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const name = form.name.trim();
  // Past its bounds an entry is the server's to refuse, with a message that names the field.
  const ready = name !== '' && form.kcal !== '' && Number(form.kcal) >= 0;
  const foods: OwnFood[] = data?.[shown] ?? [];

  const logTyped = async () => {
    const grams = (value: string) => (value === '' ? 0 : Number(value));
    if (await onLog({ name, kcal: Number(form.kcal), protein: grams(form.protein), carbs: grams(form.carbs), fats: grams(form.fats) })) setForm(blank);
  };

  return (
    <section className="card own-foods" aria-label="Your foods">
      <h2>Your foods</h2>
      {data && data.recent.length > 0 && (
        <>
          <div className="own-foods__tabs" role="group" aria-label="Show">
            {(['recent', 'frequent'] as const).map((which) => (
              <Button key={which} small variant={shown === which ? 'primary' : 'secondary'} aria-pressed={shown === which} onClick={() => setShown(which)}>
                {which === 'recent' ? 'Recent' : 'Frequent'}
              </Button>
            ))}
          </div>
          <ul className="own-foods__list" aria-label={shown === 'recent' ? 'Recent foods' : 'Frequent foods'}>
            {foods.map((food) => (
              <li key={food.name} className="food-entry">
                <span>
                  {food.name}{' '}
                  <span className="small muted">
                    {food.kcal} kcal · P {food.protein} g · C {food.carbs} g · F {food.fats} g{shown === 'frequent' && ` · ${food.times}×`}
                  </span>
                </span>
                <Button small variant="ghost" busy={busy} aria-label={`Log ${food.name}`} onClick={() => void onLog(food)}>
                  Log
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <details className="own-foods__new" open={data?.recent.length === 0 || undefined}>
        <summary>A food of your own</summary>
        <Field label="Name">
          <Input value={form.name} maxLength={FOOD_LOG.nameLength} onChange={set('name')} placeholder="Mum's banana shake" />
        </Field>
        <div className="food-choice__row">
          <Field label="Calories">
            <Input type="number" inputMode="numeric" min="0" value={form.kcal} onChange={set('kcal')} />
          </Field>
          {MACRO_FIELDS.map(([field, label]) => (
            <Field key={field} label={label} optional>
              <Input type="number" inputMode="decimal" min="0" value={form[field]} onChange={set(field)} />
            </Field>
          ))}
        </div>
        <Button small busy={busy} disabled={!ready} onClick={() => void logTyped()}>
          Log and remember
        </Button>
      </details>
    </section>
  );
}
