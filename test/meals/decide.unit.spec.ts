import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { uuidFrom } from '../../events/ids.js';
import { advanceMealDay, ALREADY_LOGGED_TODAY, logMeal, NO_SUCH_MEAL, NOTHING_TO_UNDO, saveMealPlan, undoMeal } from '../../services/command/src/nutrition/decide.js';
import { mealPlan, type MealPlan } from '../../services/command/src/nutrition/mealPlan.js';
import { mealPlans } from '../../services/command/src/nutrition/roster.js';
import { dayAdvanced, logUndone, meal, mealLogged, planSaved, T0 } from './fixtures.js';
import { given } from '../support/decider.js';

const NY = 'America/New_York';
const { noSuchPlan: NO_SUCH_PLAN } = mealPlans;

describe('meal plan deciders', () => {
  describe('save', () => {
    const input = {
      name: 'Lean week',
      description: null,
      dietType: 'Vegetarian',
      calorieGoal: 1800,
      meals: [
        { dayNumber: 3, mealTime: 'Dinner' as const, name: 'Dal', calories: 500, proteinGrams: 20, carbsGrams: 60, fatsGrams: 12, allergens: null },
        { dayNumber: 1, mealTime: 'Breakfast' as const, name: 'Oats', calories: 300, proteinGrams: 10, carbsGrams: 50, fatsGrams: 5, allergens: 'gluten' },
      ],
    };

    it('records the plan with an id per meal derived from the plan id, and its length as the highest day', () => {
      given(mealPlan, []).when((s) => saveMealPlan(s, { mealPlanId: 'p9', userId: 'u1', plan: input, now: T0 })).then([
        newEvent('MealPlanSaved', {
          mealPlanId: 'p9',
          userId: 'u1',
          name: 'Lean week',
          description: null,
          dietType: 'Vegetarian',
          calorieGoal: 1800,
          days: 3,
          meals: [
            { mealPlanMealId: uuidFrom('p9:meal:0'), dayNumber: 3, mealTime: 'Dinner', name: 'Dal', calories: 500, proteinGrams: 20, carbsGrams: 60, fatsGrams: 12, allergens: null },
            { mealPlanMealId: uuidFrom('p9:meal:1'), dayNumber: 1, mealTime: 'Breakfast', name: 'Oats', calories: 300, proteinGrams: 10, carbsGrams: 50, fatsGrams: 5, allergens: 'gluten' },
          ],
          savedAt: T0,
        }),
      ]);
      expect(uuidFrom('p9:meal:0')).to.not.equal(uuidFrom('p8:meal:0'));
    });

    it('changes nothing when the same plan is saved again (a retried request)', () => {
      given(mealPlan, [planSaved('p9', 'u1')]).when((s) => saveMealPlan(s, { mealPlanId: 'p9', userId: 'u1', plan: input, now: T0 })).then([]);
    });
  });

  describe('advance day', () => {
    it('moves to the next day, and past the last day back to day 1', () => {
      given(mealPlan, [planSaved()]).when((s) => advanceMealDay(s, { userId: 'user-1', deleted: false, now: T0, timeZone: NY })).then([dayAdvanced(1, 2)]);
      given(mealPlan, [planSaved(), dayAdvanced(1, 2)])
        .when((s) => advanceMealDay(s, { userId: 'user-1', deleted: false, now: T0, timeZone: NY }))
        .then([dayAdvanced(2, 1)]);
    });

    it('answers not found for a deleted or foreign plan', () => {
      given(mealPlan, [planSaved()]).when((s) => advanceMealDay(s, { userId: 'user-1', deleted: true, now: T0, timeZone: NY })).thenThrows('not_found', NO_SUCH_PLAN);
      given(mealPlan, [planSaved()]).when((s) => advanceMealDay(s, { userId: 'user-2', deleted: false, now: T0, timeZone: NY })).thenThrows('not_found', NO_SUCH_PLAN);
    });
  });

  describe('log meal', () => {
    const breakfast = meal('m1', 1, 'Breakfast');
    const log = (at: string, mealPlanMealId = 'm1', userId = 'user-1') => (s: MealPlan) =>
      logMeal(s, { userId, mealPlanMealId, mealLogId: 'log-new', now: at, timeZone: NY });

    it('records the meal with its time and macros', () => {
      given(mealPlan, [planSaved()]).when(log(T0)).then([mealLogged('log-new', breakfast, T0)]);
    });

    it('refuses the same meal twice on one local day, even across the UTC midnight', () => {
      // 03:00 UTC on the 19th is still the 18th in New York.
      given(mealPlan, [planSaved(), mealLogged('log-1', breakfast, T0)]).when(log('2026-11-19T03:00:00.000Z')).thenThrows('conflict', ALREADY_LOGGED_TODAY);
    });

    it('takes the same meal again on a later local day the plan is on its day again, or once its log was undone', () => {
      // A two-day plan saved on the 18th is on day 1 again on the 20th.
      given(mealPlan, [planSaved(), mealLogged('log-1', breakfast, T0)])
        .when(log('2026-11-20T12:00:00.000Z'))
        .then([mealLogged('log-new', breakfast, '2026-11-20T12:00:00.000Z')]);
      given(mealPlan, [planSaved(), mealLogged('log-1', breakfast, T0), logUndone('log-1', 'm1', T0, T0)])
        .when(log('2026-11-18T16:00:00.000Z'))
        .then([mealLogged('log-new', breakfast, '2026-11-18T16:00:00.000Z')]);
    });

    it('answers not found for a meal the plan does not have, or a plan of someone else', () => {
      given(mealPlan, [planSaved()]).when(log(T0, 'elsewhere')).thenThrows('not_found', NO_SUCH_MEAL);
      given(mealPlan, [planSaved()]).when(log(T0, 'm1', 'user-2')).thenThrows('not_found', NO_SUCH_MEAL);
      given(mealPlan, []).when(log(T0)).thenThrows('not_found', NO_SUCH_MEAL);
    });

    it("refuses a meal of another day than the plan's current one", () => {
      given(mealPlan, [planSaved()]).when(log(T0, 'm3')).thenThrows('conflict', 'That meal is on day 2 of the plan, which is on day 1 today');
    });
  });

  describe('undo meal', () => {
    const undo = (at: string) => (s: MealPlan) => undoMeal(s, { userId: 'user-1', now: at, timeZone: NY });
    const [breakfast, lunch] = [meal('m1', 1, 'Breakfast'), meal('m2', 1, 'Lunch', 600)];

    it('refuses when nothing was logged', () => {
      given(mealPlan, [planSaved()]).when(undo(T0)).thenThrows('conflict', NOTHING_TO_UNDO);
      given(mealPlan, []).when(undo(T0)).thenThrows('conflict', NOTHING_TO_UNDO);
    });

    it('takes back the meal logged last today', () => {
      given(mealPlan, [planSaved(), mealLogged('log-1', breakfast, T0), mealLogged('log-2', lunch, '2026-11-18T17:00:00.000Z')])
        .when(undo('2026-11-18T18:00:00.000Z'))
        .then([logUndone('log-2', 'm2', '2026-11-18T17:00:00.000Z', '2026-11-18T18:00:00.000Z')]);
      given(mealPlan, [
        planSaved(),
        mealLogged('log-1', breakfast, T0),
        mealLogged('log-2', lunch, '2026-11-18T17:00:00.000Z'),
        logUndone('log-2', 'm2', '2026-11-18T17:00:00.000Z', '2026-11-18T18:00:00.000Z'),
      ])
        .when(undo('2026-11-18T19:00:00.000Z'))
        .then([logUndone('log-1', 'm1', T0, '2026-11-18T19:00:00.000Z')]);
    });

    it("never touches an earlier day's meals", () => {
      // Logged on the 18th in New York (UTC-5 in November): 04:59 UTC on the 19th is still the 18th there, 05:00 is not.
      given(mealPlan, [planSaved(), mealLogged('log-1', breakfast, T0)]).when(undo('2026-11-20T06:00:00.000Z')).thenThrows('conflict', NOTHING_TO_UNDO);
      given(mealPlan, [planSaved(), mealLogged('log-1', breakfast, T0)])
        .when(undo('2026-11-19T04:59:00.000Z'))
        .then([logUndone('log-1', 'm1', T0, '2026-11-19T04:59:00.000Z')]);
      given(mealPlan, [planSaved(), mealLogged('log-1', breakfast, T0)]).when(undo('2026-11-19T05:00:00.000Z')).thenThrows('conflict', NOTHING_TO_UNDO);
    });
  });
});
