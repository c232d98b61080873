import { expect } from 'chai';
import { statedIn } from '../../services/domain/coach/constraints.js';
import { dayIn, intentOf, profileForRequest, swapParts } from '../../services/domain/coach/intents.js';
import type { CoachRequest } from '../../services/domain/coach/types.js';
import { mealPlan, profile, regimen } from './fixtures.js';

const ask = (message: string, plans: Partial<Pick<CoachRequest, 'mealPlan' | 'workoutPlan'>> = {}) => intentOf({ message, history: [], profile: profile(), ...plans });

describe('coach intent recognition', () => {
  const cases: Array<[string, string, Partial<Pick<CoachRequest, 'mealPlan' | 'workoutPlan'>>?]> = [
    ['Make me a workout plan', 'create:workout'],
    ['can you build me a 3 day gym routine?', 'create:workout'],
    ['I need a training program to get stronger', 'create:workout'],
    ['give me an exercise plan please', 'create:workout'],
    ['new workout split for hypertrophy', 'create:workout'],
    ['Create a meal plan', 'create:meal'],
    ['what should I eat to lose weight?', 'create:meal'],
    ['I want a vegetarian diet plan', 'create:meal'],
    ['put together a weekly menu for me', 'create:meal'],
    ['make me a workout plan and a meal plan', 'create:both'],
    ['Can you build both plans for me?', 'create:both'],
    ['help', 'help'],
    ['/help', 'help'],
    ['What can you do?', 'help'],
    ['how does this work', 'help'],
    ['hi there', 'greeting'],
    ['Good morning!', 'greeting'],
    ['thanks a lot', 'thanks'],
    ['How many calories should I eat?', 'calories'],
    ["what's my TDEE", 'calories'],
    ['how much protein do I need', 'calories'],
    ['what are my macros', 'calories'],
    ['what is on day 3?', 'day:3', { workoutPlan: regimen() }],
    ["what's on day two of my workout", 'day:2', { workoutPlan: regimen() }],
    ['what should I eat today', 'day:today', { mealPlan: mealPlan() }],
    ["tomorrow's meals?", 'day:tomorrow', { mealPlan: mealPlan() }],
    ['show me the 3rd day', 'day:3', { mealPlan: mealPlan() }],
    ['when should I add weight?', 'progression'],
    ['I am stuck on bench press, plateau', 'progression'],
    ['how should I warm up', 'warmup'],
    ['summarize my plan', 'overview', { workoutPlan: regimen() }],
    ['swap squats for goblet squats', 'swap'],
    ["I don't like salmon", 'swap'],
    ['can I do leg press instead of back squats', 'swap'],
    ['replace the lunch on day 2', 'swap'],
    ['I want to lose weight', 'create:both'],
    ['help me build muscle', 'create:both'],
    ['is it normal to be sore after my first workout?', 'recovery'],
    ['my legs ache, should I take a rest day?', 'recovery'],
    ['my knee hurts when I squat', 'recovery:pain'],
    ['I felt dizzy and had chest pain on the bike, make me a workout plan', 'recovery:urgent'],
    ['I have sore knees, make me a workout plan', 'create:workout'],
    ['swap squats, they hurt my knees', 'swap'],
    ['I missed my workout yesterday, what should I do?', 'question:missed'],
    ['what should I eat before a workout?', 'question:fueling'],
    ['is a protein shake good post-workout', 'question:fueling'],
    ['how often should I work out?', 'question:frequency'],
    ['how long until I see results?', 'question:results'],
    ['when will I lose the weight', 'question:results'],
    ['can I lose belly fat with crunches?', 'question:spot'],
    ['how much water should I drink a day?', 'question:water'],
    ['make me a meal plan for after my workouts', 'create:meal'],
    ['I missed two weeks, can you make me a new workout plan?', 'create:workout'],
    ['am I drinking enough water', 'question:water'],
    ['should I take creatine?', 'question:supplements'],
    ['I have a sore throat, should I work out?', 'question:ill'],
    ['I have a fever, can I train?', 'question:ill'],
    ['is it ok to run in the cold?', 'unknown'],
    ["I'm sick of my diet", 'unknown'],
    ['can I work out every day?', 'question:frequency'],
    ['when will I see abs', 'question:spot'],
    ['do I need protein powder', 'question:supplements'],
    ['asdf qwerty', 'unknown'],
    ['Why this weight?', 'load'],
    ['why 55 lb on bench?', 'load'],
    ['why 60kg for squats', 'load'],
    ['What should I lift next?', 'load'],
    ['how heavy should I squat today', 'load'],
    ['what weight should I use for rows', 'load'],
    ['why did the weight go up?', 'load'],
    ['why is my weight not going down?', 'unknown'],
    ['why this exercise?', 'why'],
  ];
  for (const [message, expected, plans] of cases) {
    it(`"${message}" → ${expected}`, () => {
      const intent = ask(message, plans);
      const got =
        intent.kind === 'create'
          ? `create:${intent.workout && intent.meal ? 'both' : intent.workout ? 'workout' : 'meal'}`
          : intent.kind === 'day'
            ? `day:${intent.day}`
            : intent.kind === 'question'
              ? `question:${intent.topic}`
              : intent.kind === 'recovery' && (intent.urgent || intent.pain)
              ? `recovery:${intent.urgent ? 'urgent' : 'pain'}`
              : intent.kind;
      expect(got).to.equal(expected);
    });
  }

  it('reads days in words, digits, ordinals, today and tomorrow', () => {
    expect([dayIn('day 12'), dayIn('Day three'), dayIn('the second day'), dayIn('today please'), dayIn("tomorrow's"), dayIn('nothing')]).to.deep.equal([12, 3, 2, 'today', 'tomorrow', null]);
  });

  it('splits a swap into what goes and what comes', () => {
    expect(swapParts('Swap barbell back squat for goblet squat')).to.deep.equal({ from: 'barbell back squat', to: 'goblet squat' });
    expect(swapParts('replace my salmon with chicken please')).to.deep.equal({ from: 'salmon', to: 'chicken' });
    expect(swapParts('can I do leg press instead of back squats?')).to.deep.equal({ from: 'back squats', to: 'leg press' });
    expect(swapParts("I don't like tuna")).to.deep.equal({ from: 'tuna', to: null });
    expect(swapParts('any alternative to the deadlift')).to.deep.equal({ from: 'deadlift', to: null });
  });

  it('reads what to leave out, in lists and several words', () => {
    expect(statedIn('a meal plan without dairy or eggs please').avoid).to.deep.equal(['dairy', 'eggs']);
    expect(statedIn('no red meat, and no mushrooms for dinner').avoid).to.deep.equal(['red meat', 'mushrooms']);
    expect(statedIn('a workout with no equipment').avoid).to.deep.equal([]);
    expect(statedIn('I train at home with no equipment, bodyweight only').avoid).to.deep.equal([]);
    expect(statedIn('I have a nut allergy').avoid).to.deep.equal(['nut']);
    expect(statedIn("I'm allergic to peanuts, what can I eat?").avoid).to.deep.equal(['peanuts']);
  });

  it('reads diets, the body, equipment and age as statements; negations and questions about a diet state nothing', () => {
    expect(statedIn('I am vegetarian').diets).to.deep.equal(['vegetarian']);
    expect(statedIn("I don't eat meat").diets).to.deep.equal(['vegetarian']);
    expect(statedIn("I'm not vegetarian any more")).to.deep.include({ diets: [], lifted: ['vegetarian'] });
    expect(statedIn('is keto healthy?').diets).to.deep.equal([]);
    expect(statedIn('can you make me a vegan meal plan?').diets).to.deep.equal(['vegan']);
    expect(statedIn('I have bad knees').body).to.deep.equal(['bad knees']);
    expect(statedIn('I train at home with no equipment').access).to.equal('bodyweight');
    expect(statedIn('I work out at home with dumbbells').access).to.equal('dumbbells');
    expect(statedIn('Can I do this workout at home?').access).to.equal(null);
    expect(statedIn('I am 16 years old').age).to.equal(16);
    expect(statedIn('I am 3 days into my plan').age).to.equal(null);
  });

  it('lays what the message asks for over the profile', () => {
    const { profile: p, changed } = profileForRequest(profile({ dietType: null, dietRestrictions: 'sesame' }), 'A vegan meal plan without peanuts, 2,000 calories, 4 days a week to build muscle');
    expect(p.calorieIntakeGoal).to.equal(2000);
    expect(p.weeklyWorkoutFrequency).to.equal(4);
    expect(p.primaryGoal).to.equal('build muscle');
    expect(changed).to.deep.equal(['4 days a week', '2,000 kcal a day', 'goal: build muscle']);
  });
});
