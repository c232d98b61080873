import { expect } from 'chai';
import type { dashboardSummary } from '../../services/query/src/dashboard/summary.js';
import { composeReminder } from '../../services/workers/src/reminders/compose.js';

type Summary = ReturnType<typeof dashboardSummary>;

/** The parts of a dashboard summary a reminder reads; the rest as an empty dashboard has it. */
const summary = (parts: { workout?: Partial<Summary['workout']>; nextMeal?: Summary['nutrition']['nextMeal']; streak?: number }): Summary =>
  ({
    workout: { planId: null, planName: null, percentComplete: 0, todayDone: false, currentSummary: null, nextSummary: null, ...parts.workout },
    nutrition: { nextMeal: parts.nextMeal ?? null },
    weekly: { loginStreak: parts.streak ?? 0 },
  }) as unknown as Summary;

const workout = { planId: 'r1', planName: 'Starter Strength', currentSummary: 'Full body A' };
const meal = { id: 'm1', mealTime: 'Breakfast', name: 'Oatmeal', calories: 350, protein: 12, carbs: 60, fats: 6 };

describe('workers: what a reminder says', () => {
  it("names today's workout and next meal for Gentle reminders", () => {
    const content = composeReminder(summary({ workout, nextMeal: meal, streak: 3 }), ['Gentle reminders'], 'Ann');
    expect(content).to.deep.equal({
      kind: 'today',
      subject: 'Today: Full body A',
      text: "Good morning, Ann!\n\nToday's workout: Full body A (Starter Strength).\nNext meal: Oatmeal, 350 kcal.\n\nOpen your dashboard to get started.\n",
    });
  });

  it('adds the streak for Motivation check-ins, and leaves out a workout already done today', () => {
    const content = composeReminder(summary({ workout: { ...workout, todayDone: true }, nextMeal: meal, streak: 4 }), ['Gentle reminders', 'Motivation check-ins'], 'Ann');
    expect(content.kind).to.equal('today');
    expect(content.subject).to.equal('Next meal: Oatmeal');
    expect(content.text).to.not.include("Today's workout");
    expect(content.text).to.include('You have shown up 4 days in a row. Keep the streak going today!');
  });

  it('nudges the streak for check-ins only, or when nothing is planned today', () => {
    expect(composeReminder(summary({ workout, nextMeal: meal, streak: 5 }), ['Motivation check-ins'], 'Ann')).to.include({ kind: 'streak', subject: 'Keep your 5-day streak going' });
    const empty = composeReminder(summary({ streak: 0 }), ['Gentle reminders'], 'Ann');
    expect(empty).to.include({ kind: 'streak', subject: 'A few minutes for yourself today?' });
    expect(empty.text).to.include('Every streak starts with one day. Check in today!');
  });

  it("greets by the person's hour, and gives someone who chose reminders with neither preference today's workout", () => {
    const evening = composeReminder(summary({ workout, nextMeal: meal, streak: 2 }), ['Progress tracking'], 'Ann', 19);
    expect(evening).to.include({ kind: 'today' });
    expect(evening.text).to.match(/^Good evening, Ann!\n/);
    expect(composeReminder(summary({ streak: 0 }), ['Motivation check-ins'], 'Ann', 13).text).to.match(/^Good afternoon, Ann!\n/);
  });
});
