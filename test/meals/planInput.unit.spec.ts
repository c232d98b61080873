import { expect } from 'chai';
import { mealPlanInput } from '../../services/command/src/nutrition/planInput.js';
import { HttpError, parse } from '../../services/platform/http.js';

const meal = (fields: Record<string, unknown> = {}) => ({ day: 1, meal_time: 'Breakfast', meal: 'Oats', calories: 300, protein_grams: 10, carbs_grams: 50, fats_grams: 5, allergens: null, ...fields });
const plan = (fields: Record<string, unknown> = {}) => ({ planType: 'meal', name: 'Plan', description: 'd', diet_type: 'Balanced', calorie_goal: 2000, meals: [meal()], ...fields });

function refusal(body: unknown): string {
  try {
    parse(mealPlanInput, body);
  } catch (error) {
    expect(error).to.be.instanceOf(HttpError);
    expect((error as HttpError).status).to.equal(400);
    return (error as HttpError).message;
  }
  throw new Error('expected a 400');
}

describe('meal plan input (AI plan data)', () => {
  it('takes either spelling of each macro and keeps one', () => {
    const short = parse(mealPlanInput, plan({ meals: [{ day: 1, meal_time: 'Lunch', meal: 'Soup', calories: 250, protein: 12, carbs: 30, fats: 8, allergens: 'celery' }] }));
    expect(short.meals).to.deep.equal([{ day: 1, mealTime: 'Lunch', name: 'Soup', calories: 250, proteinGrams: 12, carbsGrams: 30, fatsGrams: 8, allergens: 'celery' }]);
    const mixed = parse(mealPlanInput, plan({ meals: [meal({ protein_grams: undefined, protein: 11 })] }));
    expect(mixed.meals[0]).to.include({ proteinGrams: 11, carbsGrams: 50, fatsGrams: 5 });
  });

  it('forgives case and spaces in meal_time, keeps allergen lists as text, and empty texts as null', () => {
    const parsed = parse(mealPlanInput, plan({ description: ' ', diet_type: '', meals: [meal({ meal_time: ' dinner ', allergens: ['nuts', ' dairy', ''] })] }));
    expect(parsed).to.deep.include({ description: null, dietType: null });
    expect(parsed.meals[0]).to.include({ mealTime: 'Dinner', allergens: 'nuts, dairy' });
  });

  it('reads numbers written as text, with or without their unit, and meal times named in a phrase', () => {
    const parsed = parse(
      mealPlanInput,
      plan({
        calorie_goal: '2100',
        meals: [meal({ day: '2', meal_time: 'Afternoon snack', calories: '450 kcal', protein_grams: '30g', carbs_grams: '42.5', fats_grams: ' 12 ' }), meal({ meal_time: 'supper' })],
      }),
    );
    expect(parsed.calorieGoal).to.equal(2100);
    expect(parsed.meals[0]).to.deep.equal({ day: 2, mealTime: 'Snack', name: 'Oats', calories: 450, proteinGrams: 30, carbsGrams: 42.5, fatsGrams: 12, allergens: null });
    expect(parsed.meals[1]).to.include({ mealTime: 'Dinner' });
  });

  it('takes both spellings of a macro when they agree', () => {
    expect(parse(mealPlanInput, plan({ meals: [meal({ protein: 10 })] })).meals[0]).to.include({ proteinGrams: 10 });
  });

  it('names the field that is wrong', () => {
    expect(refusal(plan({ meals: [meal({ meal_time: 'Brunch' })] }))).to.equal('meals.0.meal_time: must be one of Breakfast, Lunch, Dinner, Snack');
    expect(refusal(plan({ meals: [meal({ protein: 3 })] }))).to.equal('meals.0.protein: give protein_grams or protein, not both');
    expect(refusal(plan({ meals: [meal({ fats_grams: undefined })] }))).to.equal('meals.0.fats_grams: fats_grams (or fats) is required');
    expect(refusal(plan({ meals: [meal({ calories: 'a lot' })] }))).to.equal('meals.0.calories: calories must be a number');
    expect(refusal(plan({ meals: [meal({ meal_time: 'Lunch or dinner' })] }))).to.equal('meals.0.meal_time: must be one of Breakfast, Lunch, Dinner, Snack');
    expect(refusal(plan({ meals: [meal({ day: 0 })] }))).to.equal('meals.0.day: day must be at least 1');
    expect(refusal(plan({ meals: [meal({ day: 32 })] }))).to.equal('meals.0.day: day must be at most 31');
    expect(refusal(plan({ meals: [meal({ portion: 'big' })] }))).to.equal('meals.0: unknown field portion');
    expect(refusal(plan({ meals: [] }))).to.equal('meals: meals needs at least one meal');
    expect(refusal(plan({ meals: Array.from({ length: 9 }, () => meal()) }))).to.equal('meals: day 1 has 9 meals; at most 8 a day');
    expect(refusal(plan({ name: ' ' }))).to.equal('name: name is required');
    expect(refusal(plan({ calorie_goal: undefined }))).to.equal('calorie_goal: calorie_goal must be a number');
    expect(refusal(plan({ goal: 'x' }))).to.equal('unknown field goal');
    expect(refusal(plan({ planType: 'workout' }))).to.match(/^planType: /);
  });
});
