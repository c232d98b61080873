import { expect } from 'chai';
import fc from 'fast-check';
import type { ProfileFields } from '../../events/user.js';
import { signUp } from '../../services/command/src/accounts/decide.js';
import { newAccountOf, signupInput } from '../../services/command/src/accounts/signupInput.js';
import { user } from '../../services/command/src/accounts/user.js';
import { stateOf } from '../support/decider.js';
import { type Contraindication, type Equipment } from '../../services/domain/training/exercises.js';
import { exerciseNamed } from '../../services/domain/training/exerciseIdentity.js';
import { foodNamed, type Food } from '../../services/domain/nutrition/foods.js';
import { builtInCoach, type CoachRequest, type MealPlanData, type PlanData, type WorkoutPlanData } from '../../services/domain/coach/index.js';
import { asReferenced, profile } from './fixtures.js';

/**
 * Personas, each stating what binds them in every way a person can: on the profile, in the sign-up notes
 * (accessibility needs), earlier in the chat, in the message itself, or (for diets) as the label of the plan being
 * changed. Whatever the way, no plan and no swap contains what they exclude. The exclusions are written here from
 * the catalogs' data, not from the coach's word lists.
 */

const MEAT_OR_FISH: Food['source'][] = ['meat', 'pork', 'poultry', 'fish', 'shellfish'];
/**
 * Catalog foods that pregnancy guidance (NHS, FDA/EPA, ACOG) advises against: cold-smoked fish, cold deli and cured
 * meats, soft cheese that may be unpasteurised, king mackerel (a high-mercury fish; the catalog's mackerel must say
 * it is the low-mercury Atlantic one, or go) and halibut (moderate mercury: one serving a week at most).
 */
const AVOID_IN_PREGNANCY = ['Smoked salmon', 'Sliced turkey', 'Beef jerky', 'Feta cheese', 'Grilled mackerel', 'Baked halibut'];

interface Persona {
  name: string;
  /** The words a person would use. */
  statement: string;
  /** The same constraint as profile fields, where the profile has a field for it. */
  asProfile: Partial<ProfileFields> | null;
  /** The same constraint as the sign-up form sends it. */
  asSignUp: Record<string, unknown>;
  food?: (food: Food) => boolean;
  exercise?: { against?: Contraindication[]; equipment?: Equipment[]; noHeavy?: boolean };
  /** Planning below maintenance is not safe without a clinician. */
  noDeficit?: boolean;
  /** What every meal plan and meal swap reply must say about it, once. */
  says?: RegExp;
  /** The plan's name says the constraint (diets do). */
  named?: boolean;
}

export const PERSONAS: Persona[] = [
  { name: 'vegetarian', statement: 'I am vegetarian', asProfile: { dietType: 'Vegetarian' }, asSignUp: { dietType: 'Vegetarian' }, named: true, food: (f) => !MEAT_OR_FISH.includes(f.source) },
  { name: 'vegan', statement: "I'm vegan", asProfile: { dietType: 'vegan' }, asSignUp: { dietType: 'Vegan' }, named: true, food: (f) => f.source === 'plant' },
  { name: 'nut allergy', statement: 'I have a nut allergy', asProfile: { dietRestrictions: 'nuts' }, asSignUp: { allergies: ['peanuts', 'tree nuts'] }, food: (f) => !f.allergens.some((a) => a === 'peanuts' || a === 'tree nuts') },
  // No machine, barbell, cable, band or dumbbell: body weight is all there is.
  { name: 'home, body weight only', statement: 'I train at home with no equipment, bodyweight only', asProfile: { equipment: 'bodyweight' }, asSignUp: { equipment: 'bodyweight' }, exercise: { equipment: ['body weight'] } },
  { name: 'home with dumbbells', statement: 'I train at home with dumbbells', asProfile: { equipment: 'dumbbells' }, asSignUp: { equipment: 'dumbbells' }, exercise: { equipment: ['body weight', 'dumbbell', 'band'] } },
  { name: 'bad knees', statement: 'I have bad knees', asProfile: { accessibilityNeeds: 'bad knees' }, asSignUp: { accessibilityNeeds: 'bad knees' }, exercise: { against: ['knee'] } },
  { name: '16-year-old', statement: 'I am 16 years old', asProfile: { age: 16 }, asSignUp: { age: 16 }, exercise: { noHeavy: true }, noDeficit: true },
  { name: 'pregnancy', statement: 'I am pregnant', asProfile: { accessibilityNeeds: 'pregnant' }, asSignUp: { accessibilityNeeds: 'I am pregnant' }, exercise: { against: ['supine', 'impact'] }, noDeficit: true,
    food: (f) => !AVOID_IN_PREGNANCY.includes(f.name), says: /foods to avoid in pregnancy[^.]*midwife or doctor/i },
];

type Way = 'profile' | 'sign-up' | 'sign-up notes' | 'earlier in chat' | 'in the message' | 'plan label';
const WAYS: Way[] = ['profile', 'sign-up', 'sign-up notes', 'earlier in chat', 'in the message', 'plan label'];

/** A 52-year-old beginner with nothing stated, who wants to lose weight: the person from the report. */
const base = profile({ age: 52, gymExperience: 0.05, weeklyWorkoutFrequency: 3, primaryGoal: 'Lose weight', weightLb: 180, targetWeightLb: 160 });

/** The profile an account has after signing up with these fields, through the real sign-up decider. */
function signedUpProfile(fields: Record<string, unknown>): ProfileFields {
  const input = signupInput.parse({
    email: 'pat@example.com', password: 'secret123', age: 52, height: 66, weight: 180, targetWeight: 160, primaryGoal: 'Lose weight',
    weeklyWorkoutFrequency: 3, activityLevel: 'Not very active', gymExperience: 0.05, ...fields,
  });
  const account = stateOf(user, signUp(user.initialState, { userId: 'p1', ...newAccountOf(input), passwordHash: 'h', now: '2026-11-25T00:00:00.000Z' }));
  if (account.status === 'none') throw new Error('sign-up made no account');
  return account.profile;
}

function statedProfile(persona: Persona, way: Way): ProfileFields | null {
  if (way === 'profile') return persona.asProfile ? { ...base, ...persona.asProfile } : null;
  if (way === 'sign-up') return signedUpProfile(persona.asSignUp);
  if (way === 'sign-up notes') return { ...base, accessibilityNeeds: persona.statement };
  return base;
}

function request(persona: Persona, way: Way, message: string, extra: Partial<CoachRequest> = {}): CoachRequest {
  const p = statedProfile(persona, way)!;
  return {
    message: way === 'in the message' ? `${persona.statement}. ${message}` : message,
    history: [],
    profile: p,
    ...(way === 'earlier in chat' && { said: [persona.statement] }),
    ...extra,
  };
}

export function foodsOf(meal: string): Food[] {
  return meal.split(' + ').map((part) => {
    const food = foodNamed(part.replace(/\s*\(.*$/, ''));
    if (!food) throw new Error(`"${part}" is not a catalog food`);
    return food;
  });
}

/** What in a plan breaks the persona's constraints, as readable lines (empty when nothing does). */
export function breaches(persona: Persona, plan: PlanData): string[] {
  const found: string[] = [];
  if (plan.planType === 'meal' && persona.food) {
    for (const m of plan.meals) for (const f of foodsOf(m.meal)) if (!persona.food(f)) found.push(`day ${m.day} ${m.meal_time}: ${f.name}`);
  }
  if (plan.planType === 'workout' && persona.exercise) {
    const { against = [], equipment, noHeavy } = persona.exercise;
    for (const w of plan.workouts) {
      for (const line of w.exercises) {
        const e = exerciseNamed(line.name);
        if (!e) {
          found.push(`day ${w.day}: ${line.name} is not in the catalog`);
          continue;
        }
        if (e.contraindications.some((c) => against.includes(c))) found.push(`day ${w.day}: ${e.name} (${e.contraindications.join(', ')})`);
        if (equipment && !equipment.includes(e.equipment)) found.push(`day ${w.day}: ${e.name} needs ${e.equipment}`);
        if (noHeavy && e.heavy) found.push(`day ${w.day}: ${e.name} is a heavy lift`);
      }
    }
  }
  return found;
}

const mealOf = (planData: PlanData[]) => planData.find((p): p is MealPlanData => p.planType === 'meal');
const workoutOf = (planData: PlanData[]) => planData.find((p): p is WorkoutPlanData => p.planType === 'workout');

const SWAPS = {
  meal: ['/meal swap dinner on day 2', 'swap the lunch on day 1', 'swap breakfast on day 3 for something else', 'swap day 4', "I don't like the snack on day 5"],
  workout: ['swap lunges for something easier on my knees', 'swap the first exercise on day 1', 'swap day 2', 'replace squats with something else'],
};

describe('coach personas: no plan or swap holds what a person excludes, however they said it', () => {
  for (const persona of PERSONAS) {
    for (const way of WAYS) {
      if (way === 'profile' && !persona.asProfile) continue;
      if (way === 'plan label' && !persona.food) continue;
      it(`${persona.name}, stated ${way}`, () => {
        if (way === 'plan label') {
          // The plan being changed says the diet; the profile and the chat say nothing.
          const labelled = builtInCoach({ message: 'make me a meal plan', history: [], profile: { ...base, ...persona.asProfile } });
          const plan = mealOf(labelled.planData)!;
          expect(breaches(persona, plan)).to.deep.equal([]);
          const { mealPlan } = asReferenced(workoutOf(builtInCoach({ message: 'make me a workout plan', history: [], profile: base }).planData)!, plan);
          for (const swap of SWAPS.meal) {
            const reply = builtInCoach({ message: swap, history: [], profile: base, mealPlan });
            const changed = mealOf(reply.planData);
            expect(changed, `${swap}: ${reply.message}`).to.not.equal(undefined);
            expect(breaches(persona, changed!), swap).to.deep.equal([]);
            expect(reply.message, swap).to.match(/the plan being changed/);
            if (persona.says) expect(reply.message, swap).to.match(persona.says);
          }
          return;
        }
        const created = builtInCoach(request(persona, way, 'make me a workout plan and a meal plan'));
        const meal = mealOf(created.planData)!;
        const workout = workoutOf(created.planData)!;
        expect(meal, created.message).to.not.equal(undefined);
        expect(workout, created.message).to.not.equal(undefined);
        expect(breaches(persona, meal)).to.deep.equal([]);
        expect(breaches(persona, workout)).to.deep.equal([]);
        if (persona.named) expect(meal.name.toLowerCase()).to.contain(persona.name);
        if (persona.says) expect(created.message.match(new RegExp(persona.says.source, 'gi')), created.message).to.have.length(1);
        if (persona.noDeficit) expect(created.message).to.match(/maintenance|not a clinician/i);
        // The reply says where the constraint came from.
        const source = { profile: /profile/i, 'sign-up': /profile/i, 'sign-up notes': /accessibility needs|sign-up/i, 'earlier in chat': /you said|in chat|told me/i, 'in the message': /message|you said|told me/i }[way];
        expect(created.message, 'names where the constraint came from').to.match(source);

        const referenced = asReferenced(workout, meal, 1);
        const swaps = [...SWAPS.meal.map((m) => ({ m, attach: 'meal' as const })), ...SWAPS.workout.map((m) => ({ m, attach: 'workout' as const }))];
        for (const { m, attach } of swaps) {
          // A swap comes later, in a new message: what was said "in the message" is now earlier in the chat.
          const later = way === 'in the message' ? { ...request(persona, 'earlier in chat', m) } : request(persona, way, m);
          const reply = builtInCoach({ ...later, ...(attach === 'meal' ? { mealPlan: referenced.mealPlan } : { workoutPlan: referenced.workoutPlan }) });
          for (const plan of reply.planData) expect(breaches(persona, plan), `${m}: ${reply.message}`).to.deep.equal([]);
          if (persona.says && attach === 'meal') expect(reply.message, m).to.match(persona.says);
        }
      });
    }
  }

  it('the report: "I am vegetarian" in chat, profile diet blank; "/meal swap dinner on day 2" never brings meat or fish', () => {
    const vegetarian = PERSONAS[0]!;
    const first = builtInCoach({ message: 'I am vegetarian. Make me a meal plan', history: [], profile: base });
    const plan = mealOf(first.planData)!;
    expect(plan.name).to.match(/^Vegetarian/);
    const { mealPlan } = asReferenced(workoutOf(builtInCoach({ message: 'make me a workout plan', history: [], profile: base }).planData)!, plan);
    for (const message of ['swap dinner on day 2', 'swap the lunch on day 1']) {
      const reply = builtInCoach({ message, history: [], profile: base, mealPlan, said: ['I am vegetarian. Make me a meal plan'] });
      const changed = mealOf(reply.planData)!;
      expect(breaches(vegetarian, changed), reply.message).to.deep.equal([]);
      expect(reply.message).to.match(/vegetarian/i);
    }
  });

  it('starter plans (made at subscription) keep what was stated only in the sign-up notes, or in the sign-up fields', async () => {
    const { starterPlans } = await import('../../services/domain/coach/index.js');
    for (const persona of PERSONAS) {
      for (const [how, p] of [['notes', { ...base, accessibilityNeeds: persona.statement }], ['fields', signedUpProfile(persona.asSignUp)]] as const) {
        const { workout, meal } = starterPlans(p);
        expect(breaches(persona, meal), `${persona.name} (${how})`).to.deep.equal([]);
        expect(breaches(persona, workout), `${persona.name} (${how})`).to.deep.equal([]);
      }
    }
  });
});

describe('coach personas over random conversations (property)', function () {
  this.timeout(180_000);

  it('swaps, follow-ups and a constraint stated late never bring back what was excluded', () => {
    const step = fc.constantFrom(
      'make me a meal plan',
      'make me a workout plan',
      'make me a workout plan and a meal plan',
      ...SWAPS.meal,
      ...SWAPS.workout,
      'why this exercise?',
      'how much protein?',
      'what is on day 2?',
      'thanks',
    );
    fc.assert(
      // Stated in chat at a random turn (late, after plans exist), or at sign-up before the first message.
      fc.property(fc.constantFrom(...PERSONAS), fc.array(step, { minLength: 1, maxLength: 6 }), fc.nat(5), fc.boolean(), (persona, steps, statedAt, atSignUp) => {
        const said: string[] = [];
        const profileNow = atSignUp ? signedUpProfile(persona.asSignUp) : base;
        let mealPlan: ReturnType<typeof asReferenced>['mealPlan'] | undefined;
        let workoutPlan: ReturnType<typeof asReferenced>['workoutPlan'] | undefined;
        let bound = atSignUp;
        steps.forEach((text, i) => {
          const message = !atSignUp && i === Math.min(statedAt, steps.length - 1) ? `${persona.statement}. ${text}` : text;
          if (message !== text) bound = true;
          const reply = builtInCoach({ message, history: [], profile: profileNow, said: [...said], ...(mealPlan && { mealPlan }), ...(workoutPlan && { workoutPlan }) });
          said.push(message);
          if (bound) for (const plan of reply.planData) expect(breaches(persona, plan), `${message}: ${plan.name}`).to.deep.equal([]);
          const meal = mealOf(reply.planData);
          const workout = workoutOf(reply.planData);
          // What was offered becomes the plan the next follow-up changes.
          if (meal || workout) {
            const saved = asReferenced(workout ?? workoutOf(builtInCoach({ message: 'make me a workout plan', history: [], profile: base }).planData)!, meal ?? mealOf(builtInCoach({ message: 'make me a meal plan', history: [], profile: base }).planData)!);
            if (meal) mealPlan = saved.mealPlan;
            if (workout) workoutPlan = saved.workoutPlan;
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});
