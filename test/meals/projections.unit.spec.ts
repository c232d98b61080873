import { expect } from 'chai';
import { newEvent, type AppNewEvent } from '../../events/catalog.js';
import { mealLogsProjection, type MealLogsDoc } from '../../services/query/src/nutrition/mealLogs.projection.js';
import { joinMealPlans, mealPlanListsProjection, mealPlansProjection, type MealPlansDoc } from '../../services/query/src/nutrition/mealPlans.projection.js';
import { chunksOf } from '../../services/query/src/chunks.js';
import { mealDayToday } from '../../services/query/src/nutrition/today.js';
import { profilesProjection, type ProfileDoc } from '../../services/query/src/accounts/profile/profiles.projection.js';
import { project, projectChunks } from '../support/decider.js';
import { dayAdvanced, logUndone, meal, mealLogged, planDeleted, planSaved, primarySelected, T0 } from './fixtures.js';

const mealView = (id: string, day: number, time: string, calories = 400) => ({
  meal_plan_meal_id: id,
  day_number: day,
  meal_time: time,
  meal: { name: `${time} of day ${day}`, calories, protein_grams: 30, carbs_grams: 40, fats_grams: 10, allergens: null },
});

/** A user's meal plans as the dashboard reads them: the list joined with the plans' own docs. */
const mealPlansOf = (events: AppNewEvent[], userId = 'user-1') => {
  const plans = [...project(mealPlansProjection, events)].filter(([key]) => key.startsWith(chunksOf(userId))).map(([, doc]) => doc);
  return joinMealPlans(project(mealPlanListsProjection, events).get(userId), plans);
};

describe('meal plan projections', () => {
  describe('mealPlans', () => {
    it('keeps each plan with its meals by day and meal time, the plan order kept among equal times', () => {
      const scrambled = [meal('s', 1, 'Snack'), meal('d2', 2, 'Breakfast'), meal('l', 1, 'Lunch'), meal('b', 1, 'Breakfast'), meal('s2', 1, 'Snack'), meal('d', 1, 'Dinner')];
      const doc = mealPlansOf([planSaved('plan-1', 'user-1', scrambled), primarySelected('plan-1')]);
      expect(doc).to.deep.equal({
        user_id: 'user-1',
        primary_meal_plan_id: 'plan-1',
        plans: [
          {
            meal_plan_id: 'plan-1',
            name: 'Plan plan-1',
            diet_type: 'Balanced',
            calorie_goal: 2000,
            description: 'Two easy days',
            current_day: 1,
            days: 2,
            saved_at: T0,
            day_set_at: T0,
            meals: [mealView('b', 1, 'Breakfast'), mealView('l', 1, 'Lunch'), mealView('d', 1, 'Dinner'), mealView('s', 1, 'Snack'), mealView('s2', 1, 'Snack'), mealView('d2', 2, 'Breakfast')],
          },
        ],
      } satisfies MealPlansDoc);
    });

    it('follows the primary choice, day advances and deletions, user by user', () => {
      const events = [
        planSaved('plan-1'),
        primarySelected('plan-1'),
        planSaved('plan-2'),
        planSaved('plan-3'),
        dayAdvanced(1, 2, 'plan-2'),
        primarySelected('plan-2', 'user-1', 2),
        planDeleted('plan-1'),
        planSaved('plan-9', 'user-2'),
      ];
      const mine = mealPlansOf(events)!;
      expect(mine.primary_meal_plan_id).to.equal('plan-2');
      expect(mine.plans.map((p) => [p.meal_plan_id, p.current_day])).to.deep.equal([
        ['plan-2', 2],
        ['plan-3', 1],
      ]);
      expect(mealPlansOf(events, 'user-2')!.plans.map((p) => p.meal_plan_id)).to.deep.equal(['plan-9']);
      expect(mealPlansOf(events, 'user-2')!.primary_meal_plan_id).to.equal(null);
    });
  });

  describe('mealLogs', () => {
    it('keeps every meal eaten with its time and macros, and forgets an undone one', () => {
      const lunch = meal('m2', 1, 'Lunch', 600);
      const doc = projectChunks(mealLogsProjection, [
        mealLogged('log-1', meal('m1', 1, 'Breakfast'), T0),
        mealLogged('log-2', lunch, '2026-11-18T17:00:00.000Z'),
        mealLogged('log-3', meal('m1', 1, 'Breakfast'), '2026-11-19T14:00:00.000Z'),
        logUndone('log-1', 'm1', T0, '2026-11-18T15:05:00.000Z'),
      ], 'user-1', 'logs');
      expect(doc).to.deep.equal({
        user_id: 'user-1',
        logs: [
          {
            meal_log_id: 'log-2',
            meal_plan_id: 'plan-1',
            meal_plan_meal_id: 'm2',
            day_number: 1,
            meal_time: 'Lunch',
            name: 'Lunch of day 1',
            calories: 600,
            protein_grams: 30,
            carbs_grams: 40,
            fats_grams: 10,
            logged_at: '2026-11-18T17:00:00.000Z',
          },
          {
            meal_log_id: 'log-3',
            meal_plan_id: 'plan-1',
            meal_plan_meal_id: 'm1',
            day_number: 1,
            meal_time: 'Breakfast',
            name: 'Breakfast of day 1',
            calories: 400,
            protein_grams: 30,
            carbs_grams: 40,
            fats_grams: 10,
            logged_at: '2026-11-19T14:00:00.000Z',
          },
        ],
      } satisfies MealLogsDoc);
    });
  });

  describe('profiles: current_meal_plan_id and current_meal_day', () => {
    const signedUp = newEvent('UserSignedUp', {
      userId: 'user-1',
      email: 'a@example.com',
      username: null,
      passwordHash: 'x',
      name: 'A',
      age: 30,
      gender: 'Other',
      heightIn: 66,
      weightLb: 150,
      bodyFatPercentage: null,
      musclePercentage: null,
      targetWeightLb: null,
      targetBodyFatPercentage: null,
      targetMusclePercentage: null,
      primaryGoal: null,
      secondaryGoal: null,
      weeklyWorkoutFrequency: null,
      activityLevel: null,
      gymExperience: 0,
      helpPreferences: [],
      accessibilityNeeds: null,
      calorieIntakeGoal: null,
      dietType: null,
      dietRestrictions: null,
      timeZone: 'UTC',
    });
    const profile = (...events: AppNewEvent[]) => {
      const doc = project(profilesProjection, [signedUp, ...events]).get('user-1') as ProfileDoc;
      return [doc.current_meal_plan_id, doc.current_meal_day];
    };

    it('follows the primary plan and its day only', () => {
      expect(profile()).to.deep.equal([null, 1]);
      expect(profile(primarySelected('plan-1'), dayAdvanced(1, 2, 'plan-1'))).to.deep.equal(['plan-1', 2]);
      expect(profile(primarySelected('plan-1'), dayAdvanced(1, 2, 'plan-2'))).to.deep.equal(['plan-1', 1]);
      expect(profile(primarySelected('plan-1'), primarySelected('plan-2', 'user-1', 3))).to.deep.equal(['plan-2', 3]);
    });
  });

  describe("mealDayToday: the primary plan's day as the dashboard shows it", () => {
    const plans = (...events: AppNewEvent[]) => mealPlansOf(events);
    const logs = (...events: AppNewEvent[]) => projectChunks(mealLogsProjection, events, 'user-1', 'logs');
    const [breakfast, lunch, dinner] = [meal('m1', 1, 'Breakfast'), meal('m2', 1, 'Lunch', 600), meal('m3', 2, 'Dinner')];
    const now = new Date('2026-11-19T03:00:00.000Z'); // the 18th, 22:00, in New York

    it('is undefined without a primary plan', () => {
      expect(mealDayToday(plans(planSaved()), undefined, now, 'America/New_York')).to.equal(undefined);
    });

    it("marks the current day's meals eaten when logged during today's local date, and names the next one", () => {
      const today = mealDayToday(
        plans(planSaved(), primarySelected()),
        logs(mealLogged('log-0', breakfast, '2026-11-17T15:00:00.000Z'), mealLogged('log-1', breakfast, T0)),
        now,
        'America/New_York',
      )!;
      expect(today.day).to.equal(1);
      expect(today.meals.map((m) => [m.meal_plan_meal_id, m.eaten, m.logged_at])).to.deep.equal([
        ['m1', true, T0],
        ['m2', false, null],
      ]);
      expect(today.nextMeal?.meal_plan_meal_id).to.equal('m2');
      // In UTC it is already the 19th: the same log is yesterday's.
      expect(mealDayToday(plans(planSaved(), primarySelected()), logs(mealLogged('log-1', breakfast, T0)), now, 'UTC')!.meals[0]!.eaten).to.equal(false);
    });

    it('has no next meal once the day is eaten, and only the new day after an advance', () => {
      const eaten = logs(mealLogged('log-1', breakfast, T0), mealLogged('log-2', lunch, '2026-11-18T17:00:00.000Z'));
      expect(mealDayToday(plans(planSaved(), primarySelected()), eaten, now, 'America/New_York')!.nextMeal).to.equal(null);
      const advanced = mealDayToday(plans(planSaved(), primarySelected(), dayAdvanced(1, 2)), eaten, now, 'America/New_York')!;
      expect(advanced.meals.map((m) => [m.meal_plan_meal_id, m.eaten])).to.deep.equal([[dinner.mealPlanMealId, false]]);
    });
  });
});
