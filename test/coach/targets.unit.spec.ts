import { expect } from 'chai';
import { builtInCoach, type MealPlanData } from '../../services/domain/coach/index.js';
import { carbsTarget, dailyTargets, fatsTarget } from '../../services/domain/coach/targets.js';
import { profile } from './fixtures.js';

/**
 * One number for one thing: the carbohydrate and fat targets come from one function each, and the meal plan's text,
 * the chat's answers and (test/dashboard/summary.int.spec.ts) the dashboard's goals all show their result.
 */
const PEOPLE = [
  ['a 52-year-old beginner losing weight', profile({ age: 52, gymExperience: 0.05 })],
  ['a keto dieter', profile({ dietType: 'keto', primaryGoal: 'Build muscle', targetWeightLb: 180 })],
  ['a vegan runner', profile({ dietType: 'vegan', primaryGoal: 'Run a marathon', weightLb: 140 })],
  ['a 16-year-old', profile({ age: 16, weightLb: 120, targetWeightLb: 110 })],
] as const;

const ask = (p: (typeof PEOPLE)[number][1], message: string) => builtInCoach({ message, history: [], profile: p });

describe('carbs and fats targets: one function each, one number everywhere', () => {
  for (const [who, p] of PEOPLE) {
    it(`${who}: protein, carbs and fat add up to the calorie target`, () => {
      const t = dailyTargets(p);
      expect(t.carbsGrams).to.equal(carbsTarget(t, t.fatsGrams));
      expect(t.fatsGrams).to.equal(fatsTarget(t, p.dietType === 'keto' ? ['keto'] : []));
      // Whole grams: within a gram of each macro (4 + 4 + 9 kcal) of the target.
      expect(Math.abs(t.proteinGrams * 4 + t.carbsGrams * 4 + t.fatsGrams * 9 - t.target)).to.be.at.most(17);
      expect(t.carbsGrams).to.be.at.least(0);
    });

    it(`${who}: the meal plan, "how many carbs?" and "how much fat?" show the same numbers`, () => {
      const plan = ask(p, 'make me a meal plan').planData[0] as MealPlanData;
      const t = dailyTargets(p, plan.calorie_goal);
      expect(plan.description).to.contain(`${t.proteinGrams} g protein, ${t.carbsGrams} g carbs and ${t.fatsGrams} g fat a day`);
      expect(ask(p, 'How many carbs should I eat?').message).to.match(new RegExp(`^About ${t.carbsGrams} g of carbohydrate a day`));
      expect(ask(p, 'How much fat should I eat a day?').message).to.match(new RegExp(`^About ${t.fatsGrams} g of fat a day`));
      expect(ask(p, 'what are my macros?').message).to.contain(`${t.proteinGrams} g protein, ${t.carbsGrams} g carbs and ${t.fatsGrams} g fat`);
    });
  }

  it('fat is 30% of calories (inside the 20–35% range), more on low-carb and most on keto, where carbs stay low', () => {
    const plain = dailyTargets(profile({}));
    expect((plain.fatsGrams * 9) / plain.target).to.be.within(0.28, 0.32);
    const lowCarb = dailyTargets(profile({ dietType: 'low-carb' }));
    expect(lowCarb.fatsGrams).to.be.above(plain.fatsGrams);
    const keto = dailyTargets(profile({ dietType: 'keto' }));
    expect(keto.carbsGrams).to.be.at.most(50);
  });
});
