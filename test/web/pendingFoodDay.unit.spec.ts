import { expect } from 'chai';
import type { FoodDayAnswer } from '../../contract/nutrition/foodLogAnswer';
import type { QueuedCommand } from '../../web/src/shared/offline/db';
import { pendingFoodDay } from '../../web/src/features/nutrition/pendingFoodDay';

let seq = 0;
const command = (url: string, method: string, body?: unknown, shown?: unknown): QueuedCommand => ({
  key: `k${++seq}`,
  user: 'u1',
  seq,
  at: `2026-11-18T12:0${seq}:00.000Z`,
  endpoint: 'any',
  what: 'a change',
  request: { url, method, body },
  shown,
  creates: { field: 'entryId', localId: `local-k${seq}` },
  status: 'waiting',
});
const targets = { calories: 2000, protein: 120, carbs: 220, fats: 65 };
const toast = { entryId: 'e1', mealTime: 'Breakfast', name: 'Toast', portion: '1 slice', quantity: 1, kind: 'catalogue' as const, foodId: '1', insteadOf: null, loggedAt: '2026-11-18T08:00:00.000Z', calories: 80, protein: 3, carbs: 14, fats: 1 };
const server: FoodDayAnswer = { date: '2026-11-18', meals: [{ mealTime: 'Breakfast', entries: [toast], totals: { calories: 80, protein: 3, carbs: 14, fats: 1 } }], totals: { calories: 80, protein: 3, carbs: 14, fats: 1 }, targets };

describe("Today's food log with the changes still waiting on this device", () => {
  it('adds an entry logged offline with the numbers the page worked out, in its meal, and counts it in the totals', () => {
    const pizza = command('/food-log', 'POST', { meal_time: 'Lunch', food: '21499', portion: '1/3 pizza', quantity: 2 }, { name: 'Vegetable pizza', calories: 520, protein: 29, carbs: 56.8, fats: 19.5 });
    const day = pendingFoodDay(server, [pizza])!;
    expect(day.meals.map((m) => m.mealTime)).to.deep.equal(['Breakfast', 'Lunch']);
    expect(day.meals[1]!.entries[0]).to.include({ entryId: 'local-k1', name: 'Vegetable pizza', quantity: 2, calories: 520 });
    expect(day.totals).to.deep.equal({ calories: 600, protein: 32, carbs: 70.8, fats: 20.5 });
    expect(day.targets).to.equal(targets);
  });

  it('takes out an entry removed offline, and leaves a log for another day alone', () => {
    const other = command('/food-log', 'POST', { meal_time: 'Lunch', kcal: 300, date: '2026-11-17' }, { name: 'Soup', calories: 300, protein: 0, carbs: 0, fats: 0 });
    const day = pendingFoodDay(server, [command('/food-log/e1', 'DELETE'), other])!;
    expect(day.meals).to.deep.equal([]);
    expect(day.totals.calories).to.equal(0);
  });
});
