import { expect } from 'chai';
import { newEvent } from '../../events/catalog.js';
import { advanceMealDay, logMeal } from '../../services/command/src/nutrition/decide.js';
import { mealPlan } from '../../services/command/src/nutrition/mealPlan.js';
import { mealDayToday } from '../../services/query/src/nutrition/today.js';
import { mealPlansProjection, type MealPlanView } from '../../services/query/src/nutrition/mealPlans.projection.js';
import { mealPlanDayOn } from '../../services/domain/nutrition/planDays.js';
import { given, project } from '../support/decider.js';
import { meal, mealLogged, planSaved, T0 } from './fixtures.js';

const NY = 'America/New_York';
/** 10:00 in New York on a day of November 2026 (T0 is the 18th). */
const on = (day: string, hour = 10) => new Date(Date.parse(`${day}T00:00:00.000Z`) + (hour + 5) * 3600_000).toISOString();
/** A three-day plan saved on the 18th: a breakfast each day. */
const breakfasts = [meal('b1', 1, 'Breakfast'), meal('b2', 2, 'Breakfast'), meal('b3', 3, 'Breakfast')];
const saved = planSaved('plan-1', 'user-1', breakfasts);

/** The dashboard's meal day at `at`, from the projection's doc. */
function dayAt(history: Parameters<typeof project>[1], at: string) {
  const plan = [...project(mealPlansProjection, history).values()][0] as MealPlanView;
  const today = mealDayToday({ user_id: 'user-1', primary_meal_plan_id: 'plan-1', plans: [plan] }, undefined, new Date(at), NY)!;
  return { day: today.day, next: today.nextMeal?.meal_plan_meal_id ?? null };
}

describe('a meal plan moves on by the date', () => {
  it('the rule: one day a day from the day it was set on, starting over after the last', () => {
    expect(mealPlanDayOn(3, { dayOn: 1, since: '2026-11-18' }, '2026-11-18')).to.equal(1);
    expect(mealPlanDayOn(3, { dayOn: 1, since: '2026-11-18' }, '2026-11-20')).to.equal(3);
    expect(mealPlanDayOn(3, { dayOn: 1, since: '2026-11-18' }, '2026-11-21')).to.equal(1);
    expect(mealPlanDayOn(3, { dayOn: 2, since: '2026-11-18' }, '2026-11-17'), 'never before the day it was set').to.equal(2);
  });

  describe('the decider', () => {
    it("given a plan saved yesterday, when today's breakfast is logged, then it is day 2's; day 1's is refused", () => {
      given(mealPlan, [saved])
        .when((s) => logMeal(s, { userId: 'user-1', mealPlanMealId: 'b2', mealLogId: 'l1', now: on('2026-11-19', 8), timeZone: NY }))
        .then([mealLogged('l1', breakfasts[1]!, on('2026-11-19', 8))]);
      given(mealPlan, [saved])
        .when((s) => logMeal(s, { userId: 'user-1', mealPlanMealId: 'b1', mealLogId: 'l1', now: on('2026-11-19', 8), timeZone: NY }))
        .thenThrows('conflict', 'That meal is on day 1 of the plan, which is on day 2 today');
    });

    it('days are local: at 23:00 in New York it is still the day the plan was saved', () => {
      given(mealPlan, [saved])
        .when((s) => logMeal(s, { userId: 'user-1', mealPlanMealId: 'b1', mealLogId: 'l1', now: on('2026-11-18', 23), timeZone: NY }))
        .then([mealLogged('l1', breakfasts[0]!, on('2026-11-18', 23))]);
    });

    it("\"Proceed\" moves one day on from today's day, and the plan goes on by the date from there", () => {
      const at = on('2026-11-19', 20);
      const advanced = newEvent('MealPlanDayAdvanced', { mealPlanId: 'plan-1', userId: 'user-1', fromDay: 2, toDay: 3, advancedAt: at });
      given(mealPlan, [saved]).when((s) => advanceMealDay(s, { userId: 'user-1', deleted: false, now: at, timeZone: NY })).then([advanced]);
      given(mealPlan, [saved, advanced])
        .when((s) => logMeal(s, { userId: 'user-1', mealPlanMealId: 'b1', mealLogId: 'l2', now: on('2026-11-20', 8), timeZone: NY }))
        .then([mealLogged('l2', breakfasts[0]!, on('2026-11-20', 8))]);
    });
  });

  describe('the projection and the dashboard', () => {
    it("the issue's morning: the day after, the next meal is the next day's breakfast, not yesterday's again", () => {
      expect(dayAt([saved], on('2026-11-18', 8))).to.deep.equal({ day: 1, next: 'b1' });
      expect(dayAt([saved], on('2026-11-19', 8))).to.deep.equal({ day: 2, next: 'b2' });
      expect(dayAt([saved], on('2026-11-21', 8)), 'after the last day, day 1 again').to.deep.equal({ day: 1, next: 'b1' });
    });

    it('after "Proceed" the plan is on the new day today and the day after it tomorrow', () => {
      const advanced = newEvent('MealPlanDayAdvanced', { mealPlanId: 'plan-1', userId: 'user-1', fromDay: 1, toDay: 2, advancedAt: on('2026-11-18', 20) });
      expect(dayAt([saved, advanced], on('2026-11-18', 21)).day).to.equal(2);
      expect(dayAt([saved, advanced], on('2026-11-19', 8)).day).to.equal(3);
    });

    it('a doc folded before days moved by the date counts from the save', () => {
      const plan = { ...([...project(mealPlansProjection, [saved]).values()][0] as MealPlanView) };
      delete plan.day_set_at;
      expect(plan.saved_at).to.equal(T0);
      expect(mealDayToday({ user_id: 'user-1', primary_meal_plan_id: 'plan-1', plans: [plan] }, undefined, new Date(on('2026-11-19')), NY)!.day).to.equal(2);
    });
  });
});
