import { MEAL_TIMES } from '../../../../contract/nutrition/mealTimes.js';
import type { ProfileFields } from '../../../../events/user.js';
import { ACCESS_WORDS, boundsText } from '../../../domain/coach/constraints.js';
import { liftTargets } from '../../../domain/coach/load.js';
import { readProfile } from '../../../domain/coach/profile.js';
import { dailyTargets, macrosText } from '../../../domain/coach/targets.js';
import type { CoachRequest, ReferencedMealPlan, ReferencedRegimen } from '../../../domain/coach/types.js';

/**
 * What a model behind the OpenAI API is told: who it talks to (the profile, and the plan the user referenced), the
 * safety rules the built-in coach follows (docs/capabilities/coach-rules.md), and the one shape its answer must have.
 */
export function systemPrompt(request: CoachRequest): string {
  return [
    'You are the AI personal trainer of a fitness app for everyday people, beginners included. Be warm, brief and concrete.',
    'You are not a licensed professional and you can make mistakes; the app shows that disclaimer beside every answer.',
    SAFETY_RULES,
    OUTPUT_RULES,
    `The person you are talking to:\n${describeProfile(request.profile)}`,
    targetsFor(request),
    liftingFor(request),
    boundsFor(request),
    request.workoutPlan ? `They are asking about their primary workout plan:\n${describeRegimen(request.workoutPlan)}` : '',
    request.mealPlan ? `They are asking about their primary meal plan:\n${describeMealPlan(request.mealPlan)}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const SAFETY_RULES = `Safety rules (always):
- When a request calls for a clinician (pregnancy, an injury, a medical condition, an eating disorder, or someone under 18), say so plainly and recommend seeing one before following any plan.
- Chest pain or pressure, dizziness, fainting, a racing heart or unusual breathlessness during exercise: tell them to stop now, to call their emergency number if it does not pass within minutes or is severe, and to see a doctor before training again; write no plan. Pain (sharp, in a joint, swelling, getting worse) is not trained through: stop the move and have it checked. Ordinary muscle soreness a day or two after training is normal and fades within a few days.
- Never plan below about 1,200 kcal a day for women or 1,500 for men. Losing weight: a deficit of about 500 kcal a day, at most 25% below maintenance. Gaining muscle: a surplus of 250-500 kcal. A calorie goal the person set themselves wins over your estimate; say so.
- Protein about 1.6 g per kg of body weight when training (1.6-2.2 while losing weight), fat 20-35% of calories, carbohydrate the rest. A meal's calories must agree with its macros (4 kcal per g protein or carbohydrate, 9 per g fat).
- Never plan more training days a week than the person said they would do; with 0, offer a gentle 2-day start.
- Beginners (gym experience below 0.3): 2-3 full-body days, 1-3 sets of 8-12 reps, machines and body-weight moves first. Intermediate: 3-4 days, 3-4 sets of 6-12. Advanced: 4-6 days.
- Read the accessibility needs before choosing exercises (for example knee trouble: no deep loaded knee bends or jumping; lower-back trouble: no loaded spinal flexion; wheelchair users: seated work) and warm up and cool down every session.
- Respect the diet type and never plan a meal containing one of the person's allergies or restrictions.`;

const OUTPUT_RULES = `Answer with one JSON object: {"message": your reply as plain text, "planData": a list of plans}.
- In message, a blank line parts paragraphs and lines starting "- " (or "1. ") are shown as a list; **text** is bold; nothing else is formatted.
- planData is empty unless the person asks for a workout or meal plan (or a change to one); then it holds that plan, complete, and the message introduces it.
- A workout plan: planType "workout", name, description, goal, level, duration_weeks, workouts: days numbered 1 to N, each with day, summary (a short title), exercises with name, sets (a whole number), reps (text: a whole number such as "10" or a range such as "8-12") and duration (seconds, 0 when untimed).
- A meal plan: planType "meal", name, description, diet_type (or null), calorie_goal (kcal a day), meals: each with day (1 to N), meal_time (one of ${MEAL_TIMES.join(', ')}), meal (its name), calories, protein_grams, carbs_grams, fats_grams and allergens (text, or null).`;

/** What binds their plans wherever they said it (earlier in chat too); their plans are checked against it. */
function boundsFor(request: CoachRequest): string {
  const kept = boundsText(readProfile(request.profile, request.message, { said: request.said ?? [] }).bounds);
  return kept ? `Every plan must keep to what they told us (plans that do not are refused). ${kept}` : '';
}

/** The app's own targets for the person (the dashboard shows them): a model quotes these, so there is one number each. */
function targetsFor(request: CoachRequest): string {
  const t = dailyTargets(request.profile, null, request.said ?? []);
  return `Their daily targets, as the app shows them everywhere (use exactly these numbers): ${t.target} kcal, ${macrosText(t)}.`;
}

/**
 * Their next lifting targets with where each came from, by the app's one progression rule over their logged sets
 * (coach/load.ts, what the built-in coach and the tracker say): "why this weight?" is answered from these facts.
 */
function liftingFor(request: CoachRequest): string {
  if (!request.lifting) return '';
  const targets = liftTargets(request).filter((t) => t.logged);
  if (targets.length === 0) return 'They have logged no sets yet, so the app has no weight targets for them: say so if asked what to lift, and that targets follow once they log sessions.';
  const lines = targets.map((t) => `- ${t.name}: ${t.target_seconds !== null ? `${t.target_seconds} s a set (held or timed, no reps)` : `${t.target_weight ? `${t.target_weight.value} ${t.target_weight.unit}` : 'no weight (body weight)'} for ${t.target_reps} reps a set`} (plan reps: ${t.planned ?? 'none, 8-12 assumed'}). Why: ${t.reason}`);
  return [
    'Their next lifting targets, as the tracker shows them, set by the app\'s double progression rule from their logged sets (every working set at the top of the rep range in the last two sessions: add 2.5-10 % rounded to plates; both sessions short of the bottom: 10 % off; otherwise same weight, one more rep; warm-ups never count). When asked why a weight or what to lift, answer from these exact facts and numbers:',
    ...lines,
  ].join('\n');
}

const orUnknown = (value: string | number | null | undefined, unit = '') => (value === null || value === undefined || value === '' ? 'not given' : `${value}${unit}`);

function describeProfile(p: ProfileFields): string {
  return [
    `- name: ${p.name}; age: ${orUnknown(p.age)}; gender: ${p.gender}`,
    `- height: ${orUnknown(p.heightIn, ' in')}; weight: ${orUnknown(p.weightLb, ' lb')} (target ${orUnknown(p.targetWeightLb, ' lb')}); body fat: ${orUnknown(p.bodyFatPercentage, '%')}`,
    `- goals: ${orUnknown(p.primaryGoal)} (secondary: ${orUnknown(p.secondaryGoal)})`,
    `- activity level: ${orUnknown(p.activityLevel)}; workouts a week they said they would do: ${orUnknown(p.weeklyWorkoutFrequency)}; gym experience (0 to 1): ${p.gymExperience}`,
    `- accessibility needs: ${orUnknown(p.accessibilityNeeds)}; trains with: ${p.equipment ? ACCESS_WORDS[p.equipment] : 'not given'}; weights shown in ${p.units ?? 'lb'}`,
    `- diet type: ${orUnknown(p.dietType)}; allergies and restrictions: ${orUnknown(p.dietRestrictions)}; own calorie goal: ${orUnknown(p.calorieIntakeGoal, ' kcal')}`,
  ].join('\n');
}

function describeRegimen(r: ReferencedRegimen): string {
  const days = r.days.map(
    (d) =>
      `Day ${d.dayNumber}${d.summary ? ` (${d.summary})` : ''}: ` +
      (d.exercises.length === 0 ? 'rest' : d.exercises.map((e) => `${e.name} ${e.sets}x${e.reps}${e.durationSeconds ? `, ${e.durationSeconds} s` : ''}`).join('; ')),
  );
  return [`"${r.name}": ${r.description}`, `goal: ${r.goal}; level: ${r.level}; ${r.durationWeeks} weeks; they are on day ${r.currentDay} of ${r.days.length}`, ...days].join('\n');
}

function describeMealPlan(m: ReferencedMealPlan): string {
  const meals = m.meals.map(
    (meal) =>
      `Day ${meal.dayNumber} ${meal.mealTime}: ${meal.name} (${meal.calories} kcal, protein ${meal.proteinGrams} g, carbs ${meal.carbsGrams} g, fats ${meal.fatsGrams} g${meal.allergens ? `; allergens: ${meal.allergens}` : ''})`,
  );
  return [
    `"${m.name}"${m.description ? `: ${m.description}` : ''}`,
    `diet type: ${orUnknown(m.dietType)}; ${m.calorieGoal} kcal a day; they are on day ${m.currentDay} of ${m.days}`,
    ...meals,
  ].join('\n');
}

const text = { type: 'string' } as const;
const whole = { type: 'integer' } as const;
const object = (properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, required: Object.keys(properties), properties });

/** The reply's shape for the model's structured output (strict: every field required, nothing else allowed). */
export const REPLY_JSON_SCHEMA = object({
  message: text,
  planData: {
    type: 'array',
    items: {
      anyOf: [
        object({
          planType: { type: 'string', enum: ['workout'] },
          name: text,
          description: text,
          goal: text,
          level: text,
          duration_weeks: whole,
          workouts: {
            type: 'array',
            items: object({
              day: whole,
              summary: text,
              exercises: { type: 'array', items: object({ name: text, sets: whole, reps: text, duration: whole }) },
            }),
          },
        }),
        object({
          planType: { type: 'string', enum: ['meal'] },
          name: text,
          description: text,
          diet_type: { type: ['string', 'null'] },
          calorie_goal: { type: 'number' },
          meals: {
            type: 'array',
            items: object({
              day: whole,
              meal_time: { type: 'string', enum: [...MEAL_TIMES] },
              meal: text,
              calories: { type: 'number' },
              protein_grams: { type: 'number' },
              carbs_grams: { type: 'number' },
              fats_grams: { type: 'number' },
              allergens: { type: ['string', 'null'] },
            }),
          },
        }),
      ],
    },
  },
});
