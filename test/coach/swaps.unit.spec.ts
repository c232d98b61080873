import { expect } from 'chai';
import { mealPlanInput } from '../../services/command/src/nutrition/planInput.js';
import { workoutPlanInput } from '../../services/command/src/training/regimens/planInput.js';
import { exerciseNamed } from '../../services/domain/training/exerciseIdentity.js';
import { foodNamed } from '../../services/domain/nutrition/foods.js';
import { builtInCoach, type MealPlanData, type WorkoutPlanData } from '../../services/domain/coach/index.js';
import type { CoachRequest } from '../../services/domain/coach/types.js';
import { mealPlan, profile, regimen } from './fixtures.js';

const request = (message: string, fields: Partial<CoachRequest> = {}): CoachRequest => ({ message, history: [], profile: profile(), ...fields });
const names = (plan: WorkoutPlanData, day: number) => plan.workouts.find((w) => w.day === day)!.exercises.map((e) => e.name);

describe('coach swaps', () => {
  describe('an exercise of the referenced regimen', () => {
    it('swaps it for the one asked for, says why, and offers it as swaps in the saved plan itself (no "v2")', () => {
      // when
      const reply = builtInCoach(request('Swap Barbell Back Squat for Goblet Squat', { workoutPlan: regimen() }));
      // then
      expect(reply.message).to.include('Swap Barbell Back Squat for Goblet Squat: the same movement for the same muscles (quads, glutes).');
      expect(reply.message).to.include('It changes day 1 and day 3 of Lean Start');
      expect(reply.planData).to.have.length(1);
      const plan = reply.planData[0] as WorkoutPlanData;
      expect(workoutPlanInput.safeParse(plan).success).to.equal(true);
      expect(plan).to.include({ name: 'Lean Start', goal: 'lose weight', level: 'novice', duration_weeks: 4 });
      // The saved plan is changed in place, line by line: the same plan keeps its day and history.
      expect(plan.revises).to.deep.equal({ regimenId: 'r1', swaps: [{ workoutId: 'd1-e1', name: 'Goblet Squat' }, { workoutId: 'd3-e1', name: 'Goblet Squat' }] });
      expect(reply.message).to.include('Press "Swap in my plan" to make these changes in Lean Start itself: it keeps its day and what you have done.');
      expect(reply.message).not.to.include('v2');
      expect(names(plan, 1)).to.deep.equal(['Goblet Squat', 'Dumbbell Bench Press', 'Lat Pulldown']);
      expect(names(plan, 3)).to.deep.equal(['Goblet Squat', 'Walking Lunge']);
      // sets, reps and rest are kept
      expect(plan.workouts[2]!.exercises[0]).to.include({ name: 'Goblet Squat', sets: 4, reps: '8', duration: 120 });
      // the reason for the new exercise is kept with the plan
      expect(plan.workouts[2]!.exercises[0]!.why).to.match(/^a squat for your quads and glutes/);
      expect(names(plan, 2)).to.deep.equal(['Dumbbell Romanian Deadlift', 'Seated Cable Row', 'Front Plank (30 s hold)']);
    });

    it('without a replacement named, picks a safe one of the same pattern for the profile’s needs', () => {
      const reply = builtInCoach(request('swap the squats', { workoutPlan: regimen(), profile: profile({ accessibilityNeeds: 'bad knees' }) }));
      const plan = reply.planData[0] as WorkoutPlanData;
      const swapped = exerciseNamed(names(plan, 1)[0]!)!;
      expect(swapped.pattern).to.equal('squat');
      expect(swapped.contraindications).not.to.include('knee');
      expect(reply.message).to.include('limits deep knee bending');
    });

    it('reads a reason in the message ("it hurts my back") as a contraindication too', () => {
      const reply = builtInCoach(request('swap romanian deadlift, it hurts my back', { workoutPlan: regimen() }));
      const swapped = exerciseNamed(names(reply.planData[0] as WorkoutPlanData, 2)[0]!)!;
      expect(swapped.pattern).to.equal('hinge');
      expect(swapped.contraindications).not.to.include('lower-back');
    });

    it('refuses a replacement the profile’s needs rule out, and picks a safe one instead', () => {
      const reply = builtInCoach(request('replace back squat with jump squat', { workoutPlan: regimen(), profile: profile({ accessibilityNeeds: 'bad knees' }) }));
      expect(reply.message).to.include('I would not use Jump Squat: it is hard on your knees');
      expect(names(reply.planData[0] as WorkoutPlanData, 1)[0]).not.to.equal('Jump Squat');
    });

    it('a plan only offered in this conversation is revised as "<name> v2" to save', () => {
      const offered = builtInCoach(request('Make me a workout plan'));
      const plan = offered.planData[0] as WorkoutPlanData;
      const first = plan.workouts[0]!.exercises[0]!.name.replace(/\s*\(.*$/, '');
      const reply = builtInCoach(request(`swap ${first}`, { offered: [plan] }));
      const revised = reply.planData[0] as WorkoutPlanData;
      expect(revised.name).to.equal(`${plan.name} v2`);
      expect(revised.revises).to.equal(undefined);
    });

    it('"B instead of A" swaps A for B', () => {
      const reply = builtInCoach(request('can I do leg press instead of back squats?', { workoutPlan: regimen() }));
      expect(names(reply.planData[0] as WorkoutPlanData, 1)[0]).to.equal('Leg Press');
    });
  });

  describe('a meal of the referenced meal plan', () => {
    it('swaps every meal with a food the user does not want, keeping calories close, diet and allergies', () => {
      // given a vegetarian with a peanut allergy whose plan has salmon on day 1
      const reply = builtInCoach(request('swap the salmon', { mealPlan: mealPlan(), profile: profile({ dietType: 'vegetarian', dietRestrictions: 'peanuts' }) }));
      const plan = reply.planData[0] as MealPlanData;
      expect(mealPlanInput.safeParse(plan).success).to.equal(true);
      // the plan is now labelled with the diet it keeps
      expect(plan).to.include({ name: 'Lean week v2', calorie_goal: 1800, diet_type: 'Vegetarian' });
      const dinner = plan.meals.find((m) => m.day === 1 && m.meal_time === 'Dinner')!;
      expect(dinner.meal).not.to.include('salmon');
      expect(Math.abs(dinner.calories - 650)).to.be.at.most(65);
      for (const part of dinner.meal.split(' + ')) {
        const food = foodNamed(part.replace(/\s*\(.*$/, ''))!;
        expect(['meat', 'pork', 'poultry', 'fish', 'shellfish']).not.to.include(food.source);
        expect(food.allergens).not.to.include('peanuts');
      }
      // every other meal a vegetarian eats is untouched; the chicken, tuna and steak are swapped too, and the reply says so
      const kept = mealPlan().meals.filter((m) => !/salmon|chicken|Tuna|steak/.test(m.name)).map((m) => m.name);
      expect(plan.meals.map((m) => m.meal).filter((name) => kept.includes(name))).to.deep.equal(kept);
      expect(plan.meals.map((m) => m.meal).join(' ')).not.to.match(/chicken|Tuna|steak/);
      expect(reply.message).to.include('3 other meals held something you told me you do not eat');
      expect(reply.message).to.include('vegetarian (from your profile)');
      expect(reply.message).to.include('- Day 1 Dinner: Baked salmon (150 g) + Boiled potatoes (200 g) + Green beans (125 g) (650 kcal) →');
      expect(reply.message).to.include('Save the plan below as "Lean week v2"');
    });

    it('swaps a meal named by day and meal time', () => {
      const reply = builtInCoach(request('replace the lunch on day 2', { mealPlan: mealPlan() }));
      const plan = reply.planData[0] as MealPlanData;
      const lunch = plan.meals.find((m) => m.day === 2 && m.meal_time === 'Lunch')!;
      expect(lunch.meal).not.to.equal('Tuna in water (100 g) + Quinoa (150 g) + Mixed salad greens (80 g)');
      expect(Math.abs(lunch.calories - 420)).to.be.at.most(42);
      expect(lunch.calories).to.be.closeTo(lunch.protein_grams * 4 + lunch.carbs_grams * 4 + lunch.fats_grams * 9, 1);
    });

    it('"today" is the plan’s current day', () => {
      const reply = builtInCoach(request("swap today's breakfast", { mealPlan: mealPlan({ currentDay: 2 }) }));
      const plan = reply.planData[0] as MealPlanData;
      expect(plan.meals.find((m) => m.day === 2 && m.meal_time === 'Breakfast')!.meal).not.to.equal('Eggs (2 large eggs) + Whole-wheat toast (2 slices)');
      expect(plan.meals.find((m) => m.day === 1 && m.meal_time === 'Breakfast')!.meal).to.equal('Rolled oats (80 g) + Blueberries (100 g)');
    });
  });

  it('without a referenced plan, says how to include one', () => {
    const reply = builtInCoach(request('swap squats for lunges'));
    expect(reply.planData).to.deep.equal([]);
    expect(reply.message).to.include('/exercise');
    expect(reply.message).to.include('/meal');
  });

  describe('in plain words, about the primary plan or the plan just offered (no /exercise or /meal)', () => {
    it('"Swap lunges for something easier on my knees" keeps the muscle group and spares the knees', () => {
      const reply = builtInCoach(request('Swap lunges for something easier on my knees', { primary: { workoutPlan: regimen() } }));
      const plan = reply.planData[0] as WorkoutPlanData;
      const swapped = exerciseNamed(names(plan, 3)[1]!)!;
      expect(swapped.name).not.to.equal('Walking Lunge');
      expect(swapped.muscles).to.include('quads');
      expect(swapped.contraindications).not.to.include('knee');
      expect(reply.message).to.match(/^Swap Walking Lunge for /);
      // The knee said in this message binds the rest of the plan too: the back squats go as well.
      expect(names(plan, 1)[0]).not.to.equal('Barbell Back Squat');
      expect(reply.message).to.contain('I also changed what no longer suits you: Barbell Back Squat →');
    });

    it('"swap box squat to a high box" names the exercise to swap, not its replacement', () => {
      const boxed = regimen({ days: [{ dayNumber: 1, summary: 'Legs', exercises: [{ workoutId: 'd1-e1', name: 'Box Squat to a High Box', sets: 2, reps: '12', targetReps: 12, durationSeconds: 60 }] }] });
      const reply = builtInCoach(request('swap box squat to a high box', { workoutPlan: boxed, profile: profile({ accessibilityNeeds: 'bad knees' }) }));
      expect(names(reply.planData[0] as WorkoutPlanData, 1)[0]).not.to.equal('Box Squat to a High Box');
    });

    it('swaps a whole day, each exercise for one of the same muscles', () => {
      const reply = builtInCoach(request('swap day 2', { workoutPlan: regimen() }));
      const plan = reply.planData[0] as WorkoutPlanData;
      const before = regimen().days[1]!.exercises.map((e) => exerciseNamed(e.name)!);
      const after = names(plan, 2).map((n) => exerciseNamed(n)!);
      expect(after.map((e) => e.name)).not.to.include.members(before.map((e) => e.name));
      after.forEach((e, i) => expect(e.muscles.some((m) => before[i]!.muscles.includes(m)), e.name).to.equal(true));
    });

    it('says "none found" only when the catalog truly has none, naming what it ruled out and why', () => {
      const seated = regimen({ days: [{ dayNumber: 1, summary: 'Seated', exercises: [{ workoutId: 'd1-e1', name: 'Seated Calf Raise', sets: 2, reps: '12', targetReps: 12, durationSeconds: 60 }] }] });
      const reply = builtInCoach(request('swap the seated calf raise', { workoutPlan: seated, profile: profile({ accessibilityNeeds: 'wheelchair user' }) }));
      expect(reply.planData).to.deep.equal([]);
      expect(reply.message).to.match(/^My exercise list has nothing else that works the same muscles as Seated Calf Raise and suits you\. What I ruled out, and why:/);
      expect(reply.message).to.contain('- Standing Calf Raise: it is hard on');
      expect(reply.message).to.contain('seated training (from the accessibility needs on your profile)');
    });

    it('a meal swap on the plan just offered keeps the plan\'s diet', () => {
      const offered = builtInCoach(request('make me a vegan meal plan')).planData[0] as MealPlanData;
      const reply = builtInCoach(request('swap dinner on day 2', { offered: [offered] }));
      const plan = reply.planData[0] as MealPlanData;
      expect(plan.diet_type).to.equal('Vegan');
      for (const m of plan.meals) for (const part of m.meal.split(' + ')) expect(foodNamed(part.replace(/\s*\(.*$/, ''))!.source, m.meal).to.equal('plant');
    });
  });
});

describe('the coach understands what it is told: a beginner at home with dumbbells, a bad knee, vegetarian', () => {
  const she = profile({ equipment: 'dumbbells', dietType: 'vegetarian' });
  const equipmentOf = (plan: WorkoutPlanData) => new Set(plan.workouts.flatMap((w) => w.exercises.map((e) => exerciseNamed(e.name)?.equipment)));

  it('"home with my dumbbells" is a dumbbell plan: never body weight only, never a band or a pool she lacks', () => {
    // given no equipment on the profile, the message says it
    const said = builtInCoach(request('Make me a workout plan, I train at home with my dumbbells', { profile: profile({ equipment: null }) }));
    expect([...equipmentOf(said.planData[0] as WorkoutPlanData)].sort()).to.deep.equal(['body weight', 'dumbbell']);
    // given the profile's dumbbells, a bare "at home" keeps them
    const home = builtInCoach(request('Make me a workout plan for home', { profile: she }));
    expect(equipmentOf(home.planData[0] as WorkoutPlanData)).to.include('dumbbell').and.not.include('band').and.not.include('pool');
    // a bare "at home" with nothing on the profile is body weight only
    const bare = builtInCoach(request('Make me a workout plan for home', { profile: profile({ equipment: null }) }));
    expect([...equipmentOf(bare.planData[0] as WorkoutPlanData)]).to.deep.equal(['body weight']);
  });

  it('body notes ("no deep squats", "bad knee") are never foods to leave out of a meal plan', () => {
    const reply = builtInCoach(request('Make me a meal plan. I have a bad knee, no deep squats please', { profile: she }));
    expect(reply.planData).to.have.length(1);
    expect(reply.message).not.to.match(/squat|knee/i);
    expect(reply.message).to.include('Kept to: vegetarian (from your profile).');
  });

  it('"swap tomorrow\'s lunch for something without tofu" changes that one meal and names the other tofu meal', () => {
    // The plan keeps to what she said before (nothing else in it breaks a binding), with tofu at both lunches.
    const tofuLunches = mealPlan({ meals: mealPlan().meals.map((m) => (m.mealTime === 'Lunch' ? { ...m, name: 'Firm tofu (150 g) + Brown rice (150 g)' } : m)) });
    const reply = builtInCoach(request("swap tomorrow's lunch for something without tofu", { profile: profile({ equipment: 'dumbbells' }), mealPlan: tofuLunches }));
    const plan = reply.planData[0] as MealPlanData;
    const changed = plan.meals.filter((m, i) => m.meal !== tofuLunches.meals[i]!.name);
    expect(changed.map((m) => [m.day, m.meal_time])).to.deep.equal([[1, 'Lunch']]);
    expect(changed[0]!.meal).not.to.match(/tofu/i);
    expect(reply.message).to.match(/^Here is the swap for Lean week/);
    expect(reply.message).to.include('One other meal holds tofu too; ask me to swap it as well.');
  });

  it('"the step-up hurts my knee, can you swap it?" offers the swap at once, kind to the knee, and the pain advice after it', () => {
    const plan = regimen({
      currentDay: 1,
      days: [{ dayNumber: 1, summary: 'Full body', exercises: [{ workoutId: 'x1', name: 'Step-up to a Low Box', sets: 2, reps: '10', targetReps: 10, durationSeconds: 60 }, { workoutId: 'x2', name: 'Dumbbell Bench Press', sets: 2, reps: '12', targetReps: 12, durationSeconds: 60 }] }],
    });
    const reply = builtInCoach(request('the step-up hurts my knee, can you swap it?', { profile: she, workoutPlan: plan }));
    expect(reply.message).to.match(/^Swap Step-up to a Low Box for /);
    expect(reply.message).to.include('Pain is not something to train through.');
    expect(reply.message.indexOf('Swap')).to.be.below(reply.message.indexOf('Pain is not'));
    const swappedIn = (reply.planData[0] as WorkoutPlanData).workouts[0]!.exercises[0]!.name;
    expect(exerciseNamed(swappedIn)!.contraindications).not.to.include('knee');
    // "my knee hurts" names no move: it is answered as pain, with no plan.
    expect(builtInCoach(request('my knee hurts', { profile: she, workoutPlan: plan })).planData).to.deep.equal([]);
  });
});
