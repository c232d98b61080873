import { expect } from 'chai';
import fc from 'fast-check';
import { ACTIVITY_LEVELS, GENDERS, type ProfileFields } from '../../events/user.js';
import { mealPlanInput } from '../../services/command/src/nutrition/planInput.js';
import { workoutPlanInput } from '../../services/command/src/training/regimens/planInput.js';
import { exerciseNamed } from '../../services/domain/training/exerciseIdentity.js';
import { foodNamed, type Food } from '../../services/domain/nutrition/foods.js';
import { builtInCoach, starterPlans, type MealPlanData, type WorkoutPlanData } from '../../services/domain/coach/index.js';
import { asReferenced } from './fixtures.js';

/**
 * Every plan the coach writes, over many generated profiles. The expectations (what "vegetarian" or "bad knees"
 * rule out) are written here independently of the coach's own word lists, so a gap in those lists fails here.
 */

const ALLERGY_WORDS: Record<string, Food['allergens']> = {
  peanuts: ['peanuts'],
  'tree nuts': ['tree nuts'],
  nuts: ['peanuts', 'tree nuts'],
  dairy: ['dairy'],
  milk: ['dairy'],
  lactose: ['dairy'],
  gluten: ['gluten'],
  wheat: ['gluten'],
  eggs: ['egg'],
  soy: ['soy'],
  fish: ['fish'],
  shellfish: ['shellfish'],
  shrimp: ['shellfish'],
  sesame: ['sesame'],
};

const MEAT = ['meat', 'pork', 'poultry'];
const DIETS: Record<string, (food: Food) => boolean> = {
  vegetarian: (f) => ![...MEAT, 'fish', 'shellfish'].includes(f.source),
  'Vegan ': (f) => f.source === 'plant',
  pescatarian: (f) => !MEAT.includes(f.source),
  keto: (f) => f.carbs <= 10,
  'gluten-free': (f) => !f.allergens.includes('gluten'),
  'Dairy free': (f) => !f.allergens.includes('dairy'),
  halal: (f) => f.source !== 'pork',
  'vegetarian, gluten-free': (f) => ![...MEAT, 'fish', 'shellfish'].includes(f.source) && !f.allergens.includes('gluten'),
  Mediterranean: () => true,
  'whatever works': () => true,
};

const NEEDS: Record<string, string[]> = {
  'bad knees': ['knee'],
  'lower back pain': ['lower-back'],
  'wheelchair user': ['non-seated', 'legs'],
  'shoulder injury': ['shoulder'],
  'sore wrists': ['wrist'],
  'no jumping please': ['impact'],
  'bad knees and a herniated disc in my back': ['knee', 'lower-back'],
};

const orNull = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });

const profileArbitrary: fc.Arbitrary<ProfileFields> = fc.record({
  name: fc.constantFrom('Ana', 'Bo Chen', 'Sam O’Neil', ''),
  age: orNull(fc.integer({ min: 14, max: 90 })),
  gender: fc.constantFrom(...GENDERS),
  heightIn: orNull(fc.integer({ min: 55, max: 82 })),
  weightLb: orNull(fc.integer({ min: 90, max: 420 })),
  bodyFatPercentage: fc.constant(null),
  musclePercentage: fc.constant(null),
  targetWeightLb: orNull(fc.integer({ min: 90, max: 400 })),
  targetBodyFatPercentage: fc.constant(null),
  targetMusclePercentage: fc.constant(null),
  primaryGoal: orNull(fc.constantFrom('Lose weight', 'Build muscle', 'Get stronger', 'Run a marathon', 'Stay healthy', 'Feel better')),
  secondaryGoal: fc.constant(null),
  weeklyWorkoutFrequency: orNull(fc.integer({ min: 0, max: 7 })),
  activityLevel: orNull(fc.constantFrom(...ACTIVITY_LEVELS)),
  gymExperience: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
  helpPreferences: fc.constant([]),
  accessibilityNeeds: orNull(fc.constantFrom(...Object.keys(NEEDS))),
  calorieIntakeGoal: fc.option(fc.integer({ min: 0, max: 20000 }), { nil: null, freq: 1 }),
  dietType: orNull(fc.constantFrom(...Object.keys(DIETS))),
  dietRestrictions: orNull(fc.subarray(Object.keys(ALLERGY_WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(', '))),
  timeZone: fc.constant('UTC'),
});

/** Profiles drawn per property: fast-check's own default; PROPERTY_RUNS draws more. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);

const FLOORS = { Female: 1200, Male: 1500, Other: 1350 };

function foodsOf(meal: string): Food[] {
  return meal.split(' + ').map((part) => {
    const food = foodNamed(part.replace(/\s*\(.*$/, ''));
    if (!food) throw new Error(`"${part}" is not a catalog food`);
    return food;
  });
}

function checkMealPlan(p: ProfileFields, plan: MealPlanData) {
  const parsed = mealPlanInput.safeParse(plan);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).to.equal(true);
  expect(plan.diet_type).to.be.a('string');
  expect(plan.calorie_goal).to.be.at.least(FLOORS[p.gender]);
  const forbidden = (p.dietRestrictions ?? '').split(', ').filter(Boolean).flatMap((w) => ALLERGY_WORDS[w]!);
  const dietKept = p.dietType ? DIETS[p.dietType]! : () => true;
  const days = new Map<number, number>();
  for (const meal of plan.meals) {
    expect(['Breakfast', 'Lunch', 'Dinner', 'Snack']).to.include(meal.meal_time);
    // calories agree with the macros (4/4/9) within rounding
    expect(Math.abs(meal.calories - (meal.protein_grams * 4 + meal.carbs_grams * 4 + meal.fats_grams * 9))).to.be.at.most(5);
    for (const food of foodsOf(meal.meal)) {
      expect(food.allergens.filter((a) => forbidden.includes(a)), `${food.name} for "${p.dietRestrictions}"`).to.deep.equal([]);
      expect(dietKept(food), `${food.name} in a ${p.dietType} plan`).to.equal(true);
    }
    for (const a of forbidden) expect((meal.allergens ?? '').split(', ')).not.to.include(a);
    days.set(meal.day, (days.get(meal.day) ?? 0) + meal.calories);
  }
  expect([...days.keys()].sort((a, b) => a - b)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
  // at least the RDA, 0.8 g protein per kg (of the weight used: the profile's, or the one assumed for the gender)
  const kg = (p.weightLb && p.weightLb > 0 ? p.weightLb : { Male: 180, Female: 150, Other: 165 }[p.gender]) * 0.45359237;
  // A day may stay under it only where the diet leaves no dense protein to add, and then the plan says so by name.
  const saidShort = /\bDays? ([\d, ]+) stays? under \d+ g protein/.exec(plan.description ?? '')?.[1]?.split(', ').map(Number) ?? [];
  for (const day of days.keys()) {
    const protein = plan.meals.filter((m) => m.day === day).reduce((sum, m) => sum + m.protein_grams, 0);
    if (saidShort.includes(day)) continue;
    expect(protein, `day ${day} protein for ${Math.round(kg)} kg`).to.be.at.least(Math.floor(0.8 * kg));
  }
  for (const [day, total] of days) {
    expect(Math.abs(total - plan.calorie_goal), `day ${day}: ${total} vs ${plan.calorie_goal}`).to.be.at.most(plan.calorie_goal * 0.1);
    expect(plan.meals.filter((m) => m.day === day).map((m) => m.meal_time)).to.deep.equal(['Breakfast', 'Lunch', 'Dinner', 'Snack']);
  }
}

function checkWorkoutPlan(p: ProfileFields, plan: WorkoutPlanData) {
  const parsed = workoutPlanInput.safeParse(plan);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).to.equal(true);
  const said = p.weeklyWorkoutFrequency;
  const allowedDays = said && said > 0 ? said : 2;
  expect(plan.workouts.length).to.be.at.most(allowedDays);
  expect(plan.workouts.map((w) => w.day)).to.deep.equal(Array.from({ length: plan.workouts.length }, (_, i) => i + 1));
  const expectedLevel = p.gymExperience < 0.3 ? 'novice' : p.gymExperience <= 0.7 ? 'intermediate' : 'advanced';
  expect(plan.level).to.equal(expectedLevel);
  const against = p.accessibilityNeeds ? NEEDS[p.accessibilityNeeds]! : [];
  // balance: the week covers squat (or lunge), hinge, push, pull and core — unless the legs are ruled out
  const patterns = new Set(plan.workouts.flatMap((w) => w.exercises.map((e) => exerciseNamed(e.name)?.pattern)));
  const families = [['squat', 'lunge'], ['hinge'], ['push-h', 'push-v'], ['pull-h', 'pull-v'], ['core']].filter((f) => !against.includes('legs') || !['squat', 'hinge'].includes(f[0]!));
  for (const family of families) expect(family.some((x) => patterns.has(x as never)), `${family.join('/')} in ${plan.name}`).to.equal(true);
  for (const workout of plan.workouts) {
    expect(workout.exercises.length).to.be.greaterThan(0);
    for (const line of workout.exercises) {
      const exercise = exerciseNamed(line.name);
      expect(exercise, line.name).to.not.equal(undefined);
      expect(exercise!.contraindications.filter((c) => against.includes(c)), `${line.name} for "${p.accessibilityNeeds}"`).to.deep.equal([]);
      expect(Number.isInteger(line.reps) && Number.isInteger(line.sets) && Number.isInteger(line.duration)).to.equal(true);
    }
  }
}

describe('coach plans over generated profiles (property)', function () {
  // Hundreds of whole plans, each checked meal by meal: seconds, not the default per-test budget on a busy machine.
  this.timeout(180_000);

  it('starter plans: schema-valid, no allergen, diet kept, days add up, frequency and contraindications respected', () => {
    fc.assert(
      fc.property(profileArbitrary, (p) => {
        const { workout, meal } = starterPlans(p);
        checkWorkoutPlan(p, workout);
        checkMealPlan(p, meal);
      }),
      { numRuns: RUNS },
    );
  });

  it('plans asked for in the chat hold the same properties', () => {
    fc.assert(
      fc.property(profileArbitrary, fc.constantFrom('make me a workout plan and a meal plan', 'Can you build both plans for me?', 'I need a new meal plan and training program'), (p, message) => {
        const reply = builtInCoach({ message, history: [], profile: p });
        const workout = reply.planData.find((d): d is WorkoutPlanData => d.planType === 'workout');
        const meal = reply.planData.find((d): d is MealPlanData => d.planType === 'meal');
        expect(workout, message).to.not.equal(undefined);
        expect(meal, message).to.not.equal(undefined);
        checkWorkoutPlan(p, workout!);
        checkMealPlan(p, meal!);
        expect(reply.message).to.match(/Warm up/);
      }),
      { numRuns: RUNS },
    );
  });

  it('plans differ with the profile', () => {
    const base = fc.sample(profileArbitrary, { numRuns: 30, seed: 7 });
    const workouts = new Set(base.map((p) => JSON.stringify(starterPlans(p).workout.workouts)));
    const meals = new Set(base.map((p) => JSON.stringify(starterPlans(p).meal.meals)));
    expect(workouts.size).to.be.greaterThan(20);
    expect(meals.size).to.be.greaterThan(25);
  });

  it('answers any message, with or without plans attached, in text, and every plan it offers is schema-valid', () => {
    const words = ['swap', 'replace', 'day', '3', 'today', 'tomorrow', 'meal', 'workout', 'plan', 'calories', 'squat', 'salmon', 'chicken', 'for', 'with', 'instead', 'of', 'vegan', 'without', 'nuts', 'help', 'lunch', 'dinner', 'the', 'my', 'make', 'me', 'a', '2,000', '5 days a week', 'knees', 'pregnant', 'hi', 'thanks', '/help', 'back', "don't like", 'plank', 'what', 'is', 'on', '?'];
    const message = fc.oneof(fc.string({ maxLength: 80 }), fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 10 }).map((w) => w.join(' ')));
    fc.assert(
      fc.property(profileArbitrary, message, fc.constantFrom('none', 'meal', 'workout', 'both'), fc.integer({ min: 1, max: 7 }), (p, text, attach, currentDay) => {
        const { workout, meal } = starterPlans(p);
        const referenced = asReferenced(workout, meal, currentDay);
        const reply = builtInCoach({
          message: text,
          history: [],
          profile: p,
          ...(attach === 'meal' || attach === 'both' ? { mealPlan: referenced.mealPlan } : {}),
          ...(attach === 'workout' || attach === 'both' ? { workoutPlan: referenced.workoutPlan } : {}),
        });
        expect(reply.message.trim()).not.to.equal('');
        for (const plan of reply.planData) {
          const parsed = plan.planType === 'meal' ? mealPlanInput.safeParse(plan) : workoutPlanInput.safeParse(plan);
          expect(parsed.success, `${text}: ${JSON.stringify(parsed.error?.issues)}`).to.equal(true);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
