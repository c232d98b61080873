import { expect } from 'chai';
import { mealOrder } from '../../contract/nutrition/mealTimes';
import { mealsByDay, type MealPlan } from '../../web/src/features/nutrition/mealsApi';
import { isNewUser, type ProgressOverview } from '../../web/src/features/progress/progressApi';
import { hoursAndMinutes } from '../../web/src/features/training/tracker/ExerciseLogOverlay';

const meal = (id: string, day_number: number, meal_time: string) => ({
  meal_plan_meal_id: id,
  day_number,
  meal_time,
  meal: { name: id, calories: 100, protein_grams: 1, carbs_grams: 1, fats_grams: 1, allergens: null },
});

describe('Meal plans page: days and meal order (docs/product.md#numbers-and-constants)', () => {
  it('orders Breakfast 1, Lunch 2, Dinner 3, Snack 4, any other name after them', () => {
    expect(['Snack', 'dinner', 'Brunch', 'Lunch', 'Breakfast'].sort((a, b) => mealOrder(a) - mealOrder(b))).to.deep.equal(['Breakfast', 'Lunch', 'dinner', 'Snack', 'Brunch']);
  });

  it('groups meals by day in day order, each day in meal order, keeping the plan’s order within a meal time', () => {
    const plan = { meals: [meal('s1', 1, 'Snack'), meal('d2', 2, 'Dinner'), meal('b1', 1, 'Breakfast'), meal('s1b', 1, 'Snack'), meal('l1', 1, 'Lunch')] } as MealPlan;
    expect(mealsByDay(plan).map(({ day, meals }) => [day, meals.map((m) => m.meal_plan_meal_id)])).to.deep.equal([
      [1, ['b1', 'l1', 's1', 's1b']],
      [2, ['d2']],
    ]);
  });
});

describe('Exercise Log: durations in hours and minutes', () => {
  it('reads minutes as "1h 5m" or "45m", and a missing one as --', () => {
    expect(hoursAndMinutes(65)).to.equal('1h 5m');
    expect(hoursAndMinutes(45)).to.equal('45m');
    expect(hoursAndMinutes(0)).to.equal('0m');
    expect(hoursAndMinutes(120)).to.equal('2h 0m');
    expect(hoursAndMinutes(null)).to.equal('--');
  });
});

describe('Progress page: who is new', () => {
  const blank = {
    activity: [],
    workouts: { history: [{ wk: '11/16', workouts: 0 }], completed: 0, weekly_goal: 3 },
    nutrition: { history: [{ d: '2026-11-18', calories: null, protein: null, carbs: null, fats: null }], goal: 2000, targets: { calories: 2000, protein: 120, carbs: 220, fats: 65 } },
    weight: { history: [{ date: '2026-11-18', weight_lb: 170 }], current: 170, target: 150 },
    body: { history: [] },
  } as unknown as ProgressOverview;

  it('is a user with nothing to chart beyond the weight from sign-up', () => {
    expect(isNewUser(blank)).to.equal(true);
  });

  it('is not a user with a second weight, a workout, a meal, a body measurement or any activity', () => {
    expect(isNewUser({ ...blank, weight: { ...blank.weight, history: [...blank.weight.history, { date: '2026-11-19', weight_lb: 169 }] } })).to.equal(false);
    expect(isNewUser({ ...blank, workouts: { ...blank.workouts, history: [{ wk: '11/16', workouts: 1 }] } })).to.equal(false);
    expect(isNewUser({ ...blank, nutrition: { ...blank.nutrition, history: [{ d: '2026-11-18', calories: 0, protein: 0, carbs: 0, fats: 0 }] } })).to.equal(false);
    expect(isNewUser({ ...blank, body: { history: [{ date: '2026-11-18', body_fat_percentage: 30, muscle_percentage: null }] } })).to.equal(false);
    expect(isNewUser({ ...blank, activity: [{ type: 'meal', detail: 'x', time: '2026-11-18T12:00:00Z' }] })).to.equal(false);
  });
});
