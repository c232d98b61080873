import { expect } from 'chai';
import { mealPlanInput } from '../../services/command/src/nutrition/planInput.js';
import { workoutPlanInput } from '../../services/command/src/training/regimens/planInput.js';
import { builtInCoach, type MealPlanData, type WorkoutPlanData } from '../../services/domain/coach/index.js';
import type { CoachRequest } from '../../services/domain/coach/types.js';
import { mealPlan, profile, regimen } from './fixtures.js';

const request = (message: string, fields: Partial<CoachRequest> = {}): CoachRequest => ({ message, history: [], profile: profile(), ...fields });

describe('coach answers', () => {
  it('is reproducible: the same request gets the same answer', () => {
    const r = request('make me a workout plan and a meal plan');
    expect(builtInCoach(r)).to.deep.equal(builtInCoach(r));
  });

  it('help says what it can do and names the slash commands', () => {
    const reply = builtInCoach(request('/help'));
    expect(reply.planData).to.deep.equal([]);
    for (const words of ['workout plan', 'meal plan', '/meal', '/exercise', '/help', 'swap', 'not a clinician']) expect(reply.message).to.include(words);
  });

  it('a workout plan request answers one schema-valid plan fitted to the profile, with warm-up and cool-down', () => {
    // given a novice (0.1) who trains 3 days, with bad knees, losing weight
    const reply = builtInCoach(request('Make me a workout plan', { profile: profile({ gymExperience: 0.1, weeklyWorkoutFrequency: 3, accessibilityNeeds: 'bad knees' }) }));
    expect(reply.planData).to.have.length(1);
    const plan = reply.planData[0] as WorkoutPlanData;
    expect(workoutPlanInput.safeParse(plan).success).to.equal(true);
    expect(plan).to.include({ planType: 'workout', name: 'Lean Start, 3 days a week', goal: 'lose weight', level: 'novice', duration_weeks: 4 });
    expect(plan.workouts.map((w) => w.summary)).to.deep.equal(['Full body A', 'Full body B', 'Full body C']);
    const names = plan.workouts.flatMap((w) => w.exercises.map((e) => e.name));
    expect(names).not.to.include('Barbell Back Squat');
    expect(names.some((n) => /Jump|Lunge|Leg Press|Jogging/.test(n))).to.equal(false);
    // lose weight → full-body sets of 12, 60 s rest, and cardio at the end
    expect(plan.workouts[0]!.exercises[0]).to.include({ sets: 2, reps: 12, duration: 60 });
    expect(plan.workouts[0]!.exercises.at(-1)!.name).to.match(/\(15 min, easy pace\)$/);
    expect(reply.message).to.include('Your profile says 3 days a week, so the plan has 3 days.');
    expect(reply.message).to.include('Kept to: your knees (from the accessibility needs on your profile).');
    expect(reply.message).to.include('Warm up for 5–10 minutes');
    expect(reply.message).to.include('cool down');
  });

  it('a plan reply leads with the answer and names what it kept to once, after it, only where it matters to that plan', () => {
    const said = { profile: profile({ accessibilityNeeds: 'bad knees', dietType: 'Vegetarian' }) };
    const keptLines = (message: string) => message.split('\n').filter((line) => line.startsWith('Kept to:'));
    const workout = builtInCoach(request('Make me a workout plan', said)).message;
    expect(workout.startsWith('Kept to:'), 'the answer comes first').to.equal(false);
    expect(keptLines(workout)).to.have.length(1);
    expect(keptLines(workout)[0]).to.include('your knees').and.not.match(/vegetarian/i);
    const meal = builtInCoach(request('Make me a meal plan', said)).message;
    expect(meal.startsWith('Kept to:')).to.equal(false);
    expect(keptLines(meal)).to.have.length(1);
    expect(keptLines(meal)[0]).to.match(/vegetarian/i).and.not.include('knees');
  });

  it('offers a gentle 2-day start when the weekly frequency is 0 or empty', () => {
    for (const weeklyWorkoutFrequency of [0, null]) {
      const reply = builtInCoach(request('make me a workout plan', { profile: profile({ weeklyWorkoutFrequency }) }));
      expect((reply.planData[0] as WorkoutPlanData).workouts).to.have.length(2);
      expect(reply.message).to.include('I started you gently with 2 days a week');
    }
  });

  it('splits by level: upper/lower for an intermediate at 4 days, push/pull/legs for an advanced lifter at 6', () => {
    const inter = builtInCoach(request('workout plan', { profile: profile({ gymExperience: 0.5, weeklyWorkoutFrequency: 4, primaryGoal: 'Build muscle' }) })).planData[0] as WorkoutPlanData;
    expect(inter.workouts.map((w) => w.summary)).to.deep.equal(['Upper body A', 'Lower body A', 'Upper body B', 'Lower body B']);
    const adv = builtInCoach(request('workout plan', { profile: profile({ gymExperience: 0.9, weeklyWorkoutFrequency: 6, primaryGoal: 'Get stronger' }) })).planData[0] as WorkoutPlanData;
    expect(adv.workouts.map((w) => w.summary)).to.deep.equal(['Push A', 'Pull A', 'Legs A', 'Push B', 'Pull B', 'Legs B']);
    // strength: a heavy compound lift first, 5 × 3 with 3 minutes' rest (ACSM)
    expect(adv.workouts[2]!.exercises[0]).to.include({ sets: 5, reps: 3, duration: 180 });
  });

  it('a meal plan request names BMR, TDEE and target, and keeps diet and allergies', () => {
    const reply = builtInCoach(request('make me a meal plan', { profile: profile({ dietType: 'vegetarian', dietRestrictions: 'peanuts, shellfish' }) }));
    const plan = reply.planData[0] as MealPlanData;
    expect(mealPlanInput.safeParse(plan).success).to.equal(true);
    expect(plan).to.include({ planType: 'meal', calorie_goal: 1520, diet_type: 'Vegetarian' });
    expect(plan.meals).to.have.length(28);
    expect(reply.message).to.include('BMR, Mifflin-St Jeor): 1,472 kcal');
    expect(reply.message).to.include('TDEE): 1,472 kcal × 1.375');
    expect(reply.message).to.include('Target: 1,520 kcal a day');
    expect(reply.message).to.include('Diet kept: vegetarian.');
    expect(reply.message).to.include('No food in it contains peanuts, shellfish');
  });

  it('what the message asks for wins over the profile for that plan', () => {
    const reply = builtInCoach(request('a vegan meal plan at 2,400 calories without soy'));
    const plan = reply.planData[0] as MealPlanData;
    expect(plan).to.include({ calorie_goal: 2400, diet_type: 'Vegan' });
    expect(plan.meals.every((m) => !(m.allergens ?? '').includes('soy'))).to.equal(true);
    expect(reply.message).to.include('From your message: 2,400 kcal a day.');
    // A diet and an allergy said in a message bind, and the reply says where they came from.
    expect(reply.message).to.include('vegan (from your message)').and.to.include('soy (from your message)');
  });

  it('says when a request calls for a clinician, and plans no deficit under 18, in pregnancy or with an eating disorder', () => {
    const teen = builtInCoach(request('make me a meal plan to lose weight', { profile: profile({ age: 16 }) }));
    expect(teen.message).to.include('You are under 18');
    expect(teen.message).to.include('I kept you at maintenance');
    const pregnant = builtInCoach(request("I'm pregnant, can you make me a workout plan?"));
    expect(pregnant.message).to.include('Pregnancy changes what is safe: check every exercise and your calories with your midwife or doctor');
    const names = (pregnant.planData[0] as WorkoutPlanData).workouts.flatMap((w) => w.exercises.map((e) => e.name));
    expect(names).not.to.include('Glute Bridge');
    expect(names).not.to.include('Dead Bug');
    const ed = builtInCoach(request('I have bulimia, how many calories should I eat?'));
    expect(ed.message).to.include('I will not plan a deficit for you');
    const medical = builtInCoach(request('I have type 2 diabetes, what should I eat?'));
    expect(medical.message).to.include('run this plan past your doctor');
  });

  it('says which days stay under the RDA when the diet leaves no dense protein to add (paleo vegan, 1,200 kcal, 181 kg)', () => {
    // given a diet that rules out legumes, grains, soy, dairy and protein powders, a heavy body and a small calorie goal
    const reply = builtInCoach(request('make me a meal plan', { profile: profile({ dietType: 'vegan paleo', dietRestrictions: 'nuts', weightLb: 400, calorieIntakeGoal: 1200 }) }));
    const plan = reply.planData[0] as MealPlanData;
    expect(mealPlanInput.safeParse(plan).success).to.equal(true);
    // then the plan keeps its calories, and both the plan and the reply name the short days and the minimum (0.8 × 181.4 kg = 145 g)
    const protein = (day: number) => plan.meals.filter((m) => m.day === day).reduce((sum, m) => sum + m.protein_grams, 0);
    const calories = (day: number) => plan.meals.filter((m) => m.day === day).reduce((sum, m) => sum + m.calories, 0);
    expect([1, 2, 3, 4, 5, 6, 7].every((day) => Math.abs(calories(day) - 1200) <= 120)).to.equal(true);
    expect([1, 2, 3, 4, 5, 6, 7].every((day) => protein(day) < 145)).to.equal(true);
    const note = 'Days 1, 2, 3, 4, 5, 6, 7 stay under 145 g protein, the minimum of 0.8 g per kg';
    expect(plan.description).to.include(note);
    expect(reply.message).to.include(note);
  });

  it('answers what is on a day of the referenced regimen, with sets, reps and rest', () => {
    const reply = builtInCoach(request('What is on day 3?', { workoutPlan: regimen() }));
    expect(reply.planData).to.deep.equal([]);
    expect(reply.message).to.include('Day 3 of Lean Start is Lower body:\n- Barbell Back Squat: 4 × 8, rest 120 s\n- Walking Lunge: 3 × 10, rest 90 s');
  });

  it('"how do I do X?" answers the exercise\'s cues and mistakes, the plan\'s exercise first, without writing a plan', () => {
    const pushUp = builtInCoach(request('How do I do a push-up?'));
    expect(pushUp.planData).to.deep.equal([]);
    expect(pushUp.message).to.match(/^\*\*Push-up\*\*, how to do it:\n\n- Hands under your shoulders/);
    expect(pushUp.message).to.include('Avoid:\n\n- Hips sagging or piking up');
    // "the plank" of the referenced plan is its Front Plank; "step-up" reaches the catalog's only step-up.
    expect(builtInCoach(request("what's the right form for the plank?", { workoutPlan: regimen() })).message).to.match(/^\*\*Front Plank\*\*/);
    expect(builtInCoach(request('how should I do the step-up')).message).to.match(/^\*\*Step-up to a Low Box\*\*/);
    expect(builtInCoach(request('How do I do the doorframe row properly?')).message).to.match(/^\*\*Doorframe Row\*\*/);
    // A day of the plan is still a day, not an exercise.
    expect(builtInCoach(request('how do I do day 3?', { workoutPlan: regimen() })).message).to.include('Day 3 of Lean Start');
    expect(builtInCoach(request('how do I do a zorbing flip?')).message).to.match(/^I do not know "zorbing flip"/);
  });

  it('a saved day with an empty summary is just "Day N", in a day answer and in the overview', () => {
    // given a saved regimen whose day 3 has no summary (the product shows it as "Day 3")
    const unnamed = regimen({ days: regimen().days.map((d) => (d.dayNumber === 3 ? { ...d, summary: '' } : d)) });
    // when the user asks about day 3, then for an overview
    const day = builtInCoach(request('What is on day 3?', { workoutPlan: unnamed })).message;
    const overview = builtInCoach(request('summarize my plan', { workoutPlan: unnamed })).message;
    // then neither leaves a dangling separator where the summary would be
    expect(day).to.include('Day 3 of Lean Start:\n- Barbell Back Squat: 4 × 8, rest 120 s\n- Walking Lunge: 3 × 10, rest 90 s');
    expect(overview).to.include('- Day 2, Full body B: Dumbbell Romanian Deadlift, Seated Cable Row, Front Plank (30 s hold)\n- Day 3: Barbell Back Squat, Walking Lunge');
    expect(`${day}\n${overview}`).not.to.match(/ is :|, :/);
  });

  it('"today" is the plan’s current day and "tomorrow" the next', () => {
    expect(builtInCoach(request("what's today's workout?", { workoutPlan: regimen({ currentDay: 2 }) })).message).to.include('Day 2 of Lean Start is Full body B');
    expect(builtInCoach(request('and tomorrow?', { workoutPlan: regimen({ currentDay: 3 }) })).message).to.include('Day 1 of Lean Start is Full body A');
  });

  it('answers calories of the referenced meal plan: its average and today', () => {
    const reply = builtInCoach(request('How many calories is my plan?', { mealPlan: mealPlan() }));
    // day 1: 400 + 500 + 650 + 230 = 1780; day 2: 340 + 420 + 640 + 280 = 1680; average 1730
    expect(reply.message).to.include('Your plan "Lean week" averages 1,730 kcal a day (its goal is 1,800 kcal).');
    expect(reply.message).to.include('Today (day 2) has 1,680 kcal: 107 g protein, 138 g carbs, 43 g fat.');
    expect(reply.message).to.include('- Dinner: Sirloin steak (150 g) + Baked sweet potato (150 g) + Steamed broccoli (150 g) (640 kcal)');
  });

  it('answers a day of the meal plan with its meals and totals', () => {
    const reply = builtInCoach(request('what do I eat on day 1?', { mealPlan: mealPlan() }));
    expect(reply.message).to.include('Day 1 of Lean week has 1,780 kcal');
    expect(reply.message).to.include('- Snack: Nonfat Greek yogurt (170 g) + Apple (1 apple) (230 kcal; contains dairy)');
  });

  it('a follow-up that names neither plan is about the kind the last turns were about', () => {
    const history = [
      { role: 'user' as const, content: 'what do I eat on day 1?' },
      { role: 'assistant' as const, content: 'Day 1 of Lean week has 1,780 kcal' },
    ];
    const reply = builtInCoach(request('and day 2?', { history, mealPlan: mealPlan(), workoutPlan: regimen() }));
    expect(reply.message).to.include('Day 2 of Lean week has 1,680 kcal');
    expect(reply.message).not.to.include('Day 2 of Lean Start');
  });

  it('"what\'s for lunch today" answers today\'s lunch and the day\'s total', () => {
    const reply = builtInCoach(request("what's for lunch today?", { mealPlan: mealPlan({ currentDay: 2 }) }));
    expect(reply.message).to.equal(
      'Lunch on day 2 of Lean week:\n- Tuna in water (100 g) + Quinoa (150 g) + Mixed salad greens (80 g) (420 kcal: 34 g protein, 35 g carbs, 5 g fat; contains fish)\n\nThe whole day has 1,680 kcal (goal 1,800 kcal).',
    );
  });

  it('asks for the plan with /meal or /exercise when a question needs one', () => {
    const reply = builtInCoach(request("what's on day 2 of my meal plan?"));
    expect(reply.message).to.include('Start your message with /meal');
  });

  it('an overview of the referenced regimen says whether the week is balanced', () => {
    const reply = builtInCoach(request('summarize my plan', { workoutPlan: regimen() }));
    expect(reply.message).to.include('"Lean Start" is a novice plan (lose weight) over 4 weeks, 3 training days in a cycle; you are on day 2.');
    expect(reply.message).to.include('Each week covers squat, hinge, push, pull and core');
  });

  it('warns about exercises of the saved plan that do not suit the profile’s needs', () => {
    const reply = builtInCoach(request('What is on day 3?', { workoutPlan: regimen(), profile: profile({ accessibilityNeeds: 'bad knees' }) }));
    expect(reply.message).to.include('Careful: Barbell Back Squat, Walking Lunge do not suit your knees. Ask me to "swap Barbell Back Squat" for a safer alternative.');
  });

  it('explains progression by the rule the targets follow (double progression, Epley up to 12 reps), and warm-ups', () => {
    const reply = builtInCoach(request('when should I add weight?')).message;
    expect(reply).to.include('Double progression, the rule your targets on /track follow');
    expect(reply).to.include('r up to 12');
    expect(builtInCoach(request('how do I warm up?')).message).to.include('Warm up for 5–10 minutes before every session');
  });

  it('tells a beginner that soreness is normal and fades, and how to tell it from pain', () => {
    const reply = builtInCoach(request('is it normal to be sore after my first workout?'));
    expect(reply.planData).to.deep.equal([]);
    expect(reply.message).to.include('delayed-onset muscle soreness (DOMS): it peaks 24–72 hours after the workout');
    expect(reply.message).to.include('give each muscle group a day off after a hard session');
    expect(reply.message).to.include('Sharp pain, pain in a joint, swelling');
    expect(reply.message).not.to.include('not a clinician');
  });

  it('does not coach through pain: stop, have it checked, train around it; warning signs stop everything', () => {
    const pain = builtInCoach(request('my knee hurts when I squat'));
    expect(pain.planData).to.deep.equal([]);
    expect(pain.message).to.include('Pain is not something to train through.');
    expect(pain.message).to.include('checked by a doctor or physiotherapist');
    expect(pain.message).to.include('I am a coach, not a clinician.');
    // Asked together with a plan, chest pain and dizziness get no plan, only what to do now
    const urgent = builtInCoach(request('I felt dizzy and had chest pain on the bike, make me a workout plan'));
    expect(urgent.planData).to.deep.equal([]);
    expect(urgent.message).to.include('Stop now and rest.');
    expect(urgent.message).to.include('call your emergency number');
    expect(urgent.message).to.include('see a doctor before your next workout');
  });

  it('says why a plan is for beginners in words, and names what the message said about the body', () => {
    const reply = builtInCoach(request("I'm new to exercise and have bad knees. Can you make me a workout plan?", { profile: profile({ gymExperience: 0 }) }));
    expect(reply.message).to.include('a beginner (novice) plan to lose weight, since the gym experience on your profile says you are new to training.');
    expect(reply.message).to.include('your knees (from your message)');
  });

  it("answers a beginner's everyday questions without writing a plan", () => {
    const beginner = profile({ gymExperience: 0, weeklyWorkoutFrequency: 3, weightLb: 210, targetWeightLb: 180 });
    const ask = (message: string) => {
      const reply = builtInCoach(request(message, { profile: beginner }));
      expect(reply.planData, message).to.deep.equal([]);
      return reply.message;
    };
    expect(ask('I missed my workout yesterday, what should I do?')).to.include('Do not double up').and.to.include('offers the workout you missed');
    expect(ask('what should I eat before a workout?')).to.include('2–3 hours before').and.to.include('20–40 g of protein');
    expect(ask('how often should I work out?')).to.include('At your level (novice), 2–3 strength days a week (ACSM)').and.to.include('Your profile says 3 days a week');
    // Losing weight: the rate from the plan's own deficit, and the weeks to the target from it
    const results = ask('how long until I see results?');
    const lbPerWeek = Number(results.match(/lose about ([\d.]+) lb/)![1]);
    expect(lbPerWeek).to.be.within(0.5, 1.2);
    expect(results).to.include(`From 210 lb to your target of 180 lb that is ${Math.round(30 / lbPerWeek)} weeks or more`);
    expect(ask('can I lose belly fat with crunches?')).to.include('You cannot choose where fat comes off');
    expect(ask('how much water should I drink?')).to.include('litres of water a day from drinks and food together').and.to.include('(EFSA)');
    expect(ask('should I take creatine?')).to.include('You do not need supplements').and.to.include('3–5 g a day');
    expect(ask('I have a sore throat, should I work out?')).to.include('the "neck check"').and.to.include('rest until they are gone');
  });

  it('an unclear message gets a friendly pointer, not silence', () => {
    const reply = builtInCoach(request('banana?'));
    expect(reply.planData).to.deep.equal([]);
    expect(reply.message).to.include('Try "make me a workout plan"');
  });

  it('answers the question first: yes or no, a number; soreness is not met with a pain warning', () => {
    const p = profile({ age: 52, gymExperience: 0.05, accessibilityNeeds: 'bad knees' });
    const ask = (message: string) => builtInCoach(request(message, { profile: p })).message;
    expect(ask('Is 1300 calories too low?')).to.match(/^Yes, for you 1,300 kcal a day is too low/);
    expect(ask('Is 1100 calories too low?')).to.match(/^Yes, 1,100 kcal a day is too low: I never plan under 1,200 kcal/);
    expect(ask('Is 1800 calories ok?')).to.match(/^No, 1,800 kcal a day is not too low for you/);
    expect(ask('How much protein?')).to.match(/^About \d+ g of protein a day \(\d(\.\d)? g per kg of body weight\)\./);
    expect(ask('How many calories should I eat?')).to.match(/^About [\d,]+ kcal a day\./);
    const sore = ask("I'm sore after my first workout");
    expect(sore).to.match(/^Sore muscles a day or two after a workout are normal/);
    expect(sore).not.to.contain('Pain is not something to train through');
  });

  it('one protein number: the plan, its reply and "how much protein?" all show the target', () => {
    const p = profile({ age: 52, gymExperience: 0.05 });
    const made = builtInCoach(request('make me a meal plan', { profile: p }));
    const protein = /About (\d+) g of protein a day/.exec(builtInCoach(request('How much protein?', { profile: p })).message)![1]!;
    expect((made.planData[0] as MealPlanData).description).to.contain(`${protein} g protein, `);
    expect(made.message).to.contain(`Your protein target is ${protein} g a day`);
  });
});
