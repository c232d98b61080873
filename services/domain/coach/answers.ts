import type { ProfileFields } from '../../../events/user.js';
import { KG_PER_LB, type WeightUnit } from '../../../contract/weightUnits.js';
import { energyTarget, explainEnergy, kcal } from './energy.js';
import type { Question } from './intents.js';
import { buildMealPlan, daysUnderProtein, rdaGrams, underRdaText } from './mealPlan.js';
import { dayTotals } from './savedPlans.js';
import { bodyWeight, paragraphs, plural, unitOf } from './text.js';
import { PREGNANCY_TEXT } from '../nutrition/foods.js';
import { E1RM_MAX_REPS } from '../training/strength.js';
import { clinicianNote, GENTLE_START_DAYS, GOAL_WORDS_FOR_PEOPLE, isPregnant, noDeficitFor, readProfile, type Reading, type Said } from './profile.js';
import type { Random } from './random.js';
import type { CoachReply, MealPlanData, ReferencedMealPlan, WorkoutPlanData } from './types.js';
import { dailyTargets, macrosText, withMacros, type DailyTargets } from './targets.js';
import { buildWorkoutPlan } from './workoutPlan.js';

export { paragraphs } from './text.js';

export interface Context {
  profile: ProfileFields;
  /** What the person said earlier in chat that binds (see constraints.ts). */
  said: readonly string[];
  reading: Reading;
  energy: DailyTargets;
  random: Random;
}

export function contextFor(profile: ProfileFields, message: string, random: Random, said: Said = {}): Context {
  const reading = readProfile(profile, message, said);
  return { profile, said: said.said ?? [], reading, energy: withMacros(energyTarget(profile, reading.goal, noDeficitFor(reading.concerns)), reading), random };
}

/** Both starter plans from a profile, with the same reading the chat uses. */
export function plansFor(context: Context): { workout: WorkoutPlanData; meal: MealPlanData } {
  return { workout: buildWorkoutPlan(context.reading, context.random), meal: buildMealPlan(context.reading, context.energy, context.random) };
}

const firstName = (profile: ProfileFields) => profile.name.trim().split(/\s+/)[0] || 'there';

export function helpReply(): CoachReply {
  return {
    message: paragraphs(
      "I'm your built-in coach. Here is what I can do:",
      [
        '- Write a workout plan from your profile: "make me a workout plan" (add "3 days a week" or "for bad knees" to change it).',
        '- Write a meal plan at your calorie target: "make me a meal plan" (add "vegetarian", "without nuts" or "2,000 calories").',
        '- Answer about your saved plans: start a message with /meal or /exercise to include your primary meal or workout plan, then ask "what is on day 3?", "how many calories today?" or "swap the salmon" / "swap squats for something easier on my knees".',
        '- Explain your numbers: "how many calories should I eat?" shows your BMR, TDEE and target.',
        '- Progression and warm-ups: "when should I add weight?"',
        '- Soreness, rest days and pain: "is it normal to be sore after my first workout?"',
        '- Everyday questions: "I missed a workout", "what should I eat before training?", "how much water should I drink?", "how often should I work out?", "how long until I see results?"',
      ].join('\n'),
      'Plans I write come with a Save button. /help opens this help again. I am a coach, not a clinician: for pregnancy, injuries, medical conditions or eating disorders, please check with a professional.',
    ),
    planData: [],
  };
}

export function greetingReply(context: Context): CoachReply {
  return {
    message: paragraphs(
      `Hi ${firstName(context.profile)}! Your goal is to ${GOAL_WORDS_FOR_PEOPLE[context.reading.goal]}, and I estimate about ${kcal(context.energy.target)} a day for you.`,
      'Ask me for a workout plan or a meal plan, or type /help to see everything I can do.',
    ),
    planData: [],
  };
}

export function thanksReply(): CoachReply {
  return { message: "You're welcome! Consistency beats perfection: come back any time to adjust your plans.", planData: [] };
}

function safetyParagraph(context: Context): string | null {
  return clinicianNote(context.reading.concerns);
}

const LEVEL_WORDS: Record<Reading['level'], string> = { novice: 'a beginner (novice)', intermediate: 'an intermediate', advanced: 'an advanced' };
// The ACSM levels the slider maps to (profile.ts): below 0.3 novice, above 0.7 advanced.
const LEVEL_REASON: Record<Reading['level'], string> = {
  novice: 'says you are new to training',
  intermediate: 'says you have trained regularly for a while',
  advanced: 'says you are an experienced lifter',
};

export function workoutPlanReply(context: Context, plan: WorkoutPlanData, changed: string[], fromMessage = false): string {
  const { reading, profile } = context;
  const strengthDays = plan.workouts.filter((w) => !w.summary.startsWith('Cardio')).length;
  const said = profile.weeklyWorkoutFrequency;
  // Where the number came from, in plain words: the profile's field, or what this message asked for.
  const who = fromMessage ? 'You asked for' : 'Your profile says';
  const frequency =
    said && said > 0
      ? `${who} ${plural(said, 'day')} a week, so the plan has ${plural(plan.workouts.length, 'day')}${strengthDays < plan.workouts.length ? ` (${strengthDays} strength, the rest easy cardio so muscles recover)` : ''}.`
      : `Your profile has no weekly frequency yet, so I started you gently with ${plural(GENTLE_START_DAYS, 'day')} a week.`;
  return paragraphs(
    `Here is "${plan.name}": ${LEVEL_WORDS[reading.level]} plan to ${GOAL_WORDS_FOR_PEOPLE[reading.goal]}, since the gym experience on your profile ${LEVEL_REASON[reading.level]}.`,
    changed.length > 0 ? `From your message: ${changed.join('; ')}.` : null,
    frequency,
    plan.workouts
      .map((w) => `- Day ${w.day}, ${w.summary}: ${w.exercises.map((e) => e.name).join(', ')}`)
      .join('\n'),
    `${repSchemeText(reading)} The rest time after each exercise is the "rest" the plans page shows. Ask me "why this exercise?" about any of them.`,
    'Warm up for 5–10 minutes before every session (easy cardio, then a light set of the first exercise) and cool down with 5 minutes of walking and stretching after.',
    safetyParagraph(context),
  );
}

function repSchemeText(reading: Reading): string {
  switch (reading.goal) {
    case 'strength':
      return reading.level === 'novice'
        ? 'As a novice you build strength best with 8–12 reps while you learn technique (ACSM).'
        : 'Heavy compound lifts use 3–6 reps with 2–3 minutes rest; accessories 6–8 reps (ACSM).';
    case 'muscle':
      return 'Sets of 6–12 reps, the range where muscle grows best (ACSM).';
    case 'endurance':
      return 'Lighter sets of 12–20 reps with short rest, plus aerobic work (ACSM).';
    default:
      return 'Full-body sets of about 12 reps with short rest, plus some cardio at the end (ACSM, WHO).';
  }
}

export function mealPlanReply(context: Context, plan: MealPlanData, changed: string[]): string {
  const { reading, energy } = context;
  const days = new Map<number, number>();
  for (const m of plan.meals) days.set(m.day, (days.get(m.day) ?? 0) + m.calories);
  const totals = [...days.values()];
  const avgProtein = Math.round(plan.meals.reduce((s, m) => s + m.protein_grams, 0) / Math.max(1, days.size));
  const day1 = plan.meals.filter((m) => m.day === 1);
  const underRda = daysUnderProtein(plan.meals, rdaGrams(energy));
  return paragraphs(
    `Here is "${plan.name}": 7 days of breakfast, lunch, dinner and a snack.`,
    changed.length > 0 ? `From your message: ${changed.join('; ')}.` : null,
    `How I got ${kcal(energy.target)}:\n${explainEnergy(energy, reading.goal, noDeficitFor(reading.concerns), unitOf(context.profile)).join('\n')}`,
    `Each day lands between ${kcal(Math.min(...totals))} and ${kcal(Math.max(...totals))}. Your protein target is ${energy.proteinGrams} g a day; this plan's days average ${avgProtein} g.`,
    underRda.length > 0 ? underRdaText(underRda, rdaGrams(energy)) : null,
    underRda.length === 0 && avgProtein < energy.proteinGrams * 0.9
      ? `That is short of the ${energy.proteinGrams} g protein target: your diet and allergies leave few dense protein foods in my list. Larger portions of the protein foods in it, or a protein shake that fits your diet, close the gap.`
      : null,
    `Day 1:\n${day1.map((m) => `- ${m.meal_time}: ${m.meal} (${m.calories} kcal)`).join('\n')}`,
    dietText(reading),
    safetyParagraph(context),
  );
}

function dietText(reading: Reading): string | null {
  const parts: string[] = [];
  if (reading.diet.tags.length > 0) parts.push(`Diet kept: ${reading.diet.tags.join(', ')}.`);
  if (reading.diet.unrecognised) parts.push(`I do not know the diet "${reading.diet.unrecognised}", so I kept the plan balanced; tell me what it leaves out and I will adjust.`);
  const avoided = [...reading.allergies.allergens, ...reading.allergies.avoidWords];
  if (avoided.length > 0) parts.push(`No food in it contains ${avoided.join(', ')}; still check labels, as brands differ.`);
  if (isPregnant(reading)) parts.push(PREGNANCY_TEXT);
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The question's own answer, before any reasoning: "Is 1300 calories too low?" gets yes or no, "how much protein?"
 * a number (the one target every screen shows: targets.ts).
 */
function directAnswer(context: Context, message: string, mealPlan: ReferencedMealPlan | undefined): string | null {
  const t = message.toLowerCase();
  const { energy } = context;
  const asked = /\b(\d{1,2},?\d{3}|\d{3})\s*(?:kcal|cal|calories?)\b/.exec(t);
  if (asked && /\b(too (low|little|high|much)|enough|ok(ay)?|safe|right|fine|good)\b/.test(t)) {
    const n = Number(asked[1]!.replace(',', ''));
    if (n < energy.floor) return `Yes, ${kcal(n)} a day is too low: I never plan under ${kcal(energy.floor)} a day without medical supervision, and my estimate for you is ${kcal(energy.target)}.`;
    if (n < energy.tdee * 0.75) return `Yes, for you ${kcal(n)} a day is too low: it is more than 25% under the ${kcal(energy.tdee)} you burn, which costs muscle and energy. My estimate for you is ${kcal(energy.target)}.`;
    if (n > energy.tdee + 500) return `It is high: ${kcal(n)} a day is more than 500 over the ${kcal(energy.tdee)} you burn. My estimate for you is ${kcal(energy.target)}.`;
    return `No, ${kcal(n)} a day is not too low for you: it is above the ${kcal(energy.floor)} floor and within 25% of the ${kcal(energy.tdee)} you burn. My estimate for you is ${kcal(energy.target)}.`;
  }
  const at = mealPlan ? dailyTargets(context.profile, mealPlan.calorieGoal, context.said) : energy;
  const atPlan = mealPlan ? ` at your plan's ${kcal(mealPlan.calorieGoal)}` : '';
  if (/\bmacros?\b/.test(t)) return `About ${macrosText(at)} a day${atPlan}.`;
  if (/\bprotein\b/.test(t)) {
    const perKg = Math.round((at.proteinGrams / at.kg) * 10) / 10;
    return `About ${at.proteinGrams} g of protein a day (${perKg} g per kg of body weight)${atPlan}.`;
  }
  if (/\b(carbs?|carbohydrates?)\b/.test(t)) return `About ${at.carbsGrams} g of carbohydrate a day${atPlan}: what your calories leave after protein and fat.`;
  if (/\bfats?\b/.test(t)) return `About ${at.fatsGrams} g of fat a day${atPlan}: ${Math.round(((at.fatsGrams * 9) / at.target) * 100)}% of your calories.`;
  if (/\bhow many calories\b|\bhow much (should|do) i eat\b/.test(t)) return `About ${kcal(energy.target)} a day.`;
  return null;
}

export function caloriesReply(context: Context, mealPlan: ReferencedMealPlan | undefined, message = ''): CoachReply {
  const { energy, reading } = context;
  const direct = directAnswer(context, message, mealPlan);
  const explanation = `My estimate for you:\n${explainEnergy(energy, reading.goal, noDeficitFor(reading.concerns), unitOf(context.profile)).join('\n')}`;
  const macros = `Your macros: ${macrosText(energy)} a day (fat at ${Math.round(((energy.fatsGrams * 9) / energy.target) * 100)}% of calories, carbohydrate the rest; protein and carbs have 4 kcal a gram, fat 9).`;
  if (!mealPlan || mealPlan.meals.length === 0) {
    return { message: paragraphs(direct, explanation, macros, 'Ask me for a meal plan to turn this into meals, or start a message with /meal to ask about your saved plan.', safetyParagraph(context)), planData: [] };
  }
  const byDay = dayTotals(mealPlan);
  const average = [...byDay.values()].reduce((s, d) => s + d.calories, 0) / Math.max(1, byDay.size);
  const today = byDay.get(mealPlan.currentDay);
  return {
    message: paragraphs(
      direct,
      `Your plan "${mealPlan.name}" averages ${kcal(average)} a day (its goal is ${kcal(mealPlan.calorieGoal)}).`,
      today
        ? `Today (day ${mealPlan.currentDay}) has ${kcal(today.calories)}: ${today.protein} g protein, ${today.carbs} g carbs, ${today.fats} g fat.\n${mealPlan.meals
            .filter((m) => m.dayNumber === mealPlan.currentDay)
            .map((m) => `- ${m.mealTime}: ${m.name} (${m.calories} kcal)`)
            .join('\n')}`
        : `Day ${mealPlan.currentDay} has no meals planned.`,
      Math.abs(average - energy.target) > energy.target * 0.1
        ? `That is ${average > energy.target ? 'above' : 'below'} my target for you of ${kcal(energy.target)}; ask me for a new meal plan if you want one at that level.`
        : `That is in line with my target for you of ${kcal(energy.target)}.`,
      explanation,
      safetyParagraph(context),
    ),
    planData: [],
  };
}

export function progressionReply(unit: WeightUnit): CoachReply {
  return {
    message: paragraphs(
      `Double progression, the rule your targets on /track follow: when every working set reached the top of your rep range in your last two sessions of a lift, add load (about 2.5–10%, smaller jumps for upper body, bigger for legs, rounded to ${unit === 'kg' ? '2.5 kg' : '5 lb'} plates). After two sessions below the bottom of the range, hold the weight or take 10% off. Otherwise keep the weight and aim for one more rep.`,
      'If you stall for 2–3 weeks, check sleep, protein and calories before changing the plan, and take an easier week every 4–8 weeks. Ask me "why this weight?" to see the sets behind each target.',
      `To estimate your one-rep max from a set of w × r (r up to ${E1RM_MAX_REPS}): Epley w × (1 + r/30). Example: 60 kg × 8 ≈ 76 kg.`,
    ),
    planData: [],
  };
}

export function warmupReply(): CoachReply {
  return {
    message: paragraphs(
      'Warm up for 5–10 minutes before every session:',
      '- 5 minutes of easy cardio (bike, brisk walk, rowing) until you are slightly warm.\n- Dynamic moves for the joints you will use: arm circles, hip hinges, body-weight squats or glute bridges.\n- One or two light sets of your first exercise.',
      'Cool down after: 5 minutes of easy movement, then gentle stretches held 20–30 seconds for the muscles you trained.',
    ),
    planData: [],
  };
}

/** What a reply about pain says, where it says it: the pain answer, and a swap made because a move hurts. */
export const PAIN_IS_A_STOP =
  'Pain is not something to train through. Stop any move that gives you sharp pain, pain in a joint, or pain that gets worse as you go, and have it checked by a doctor or physiotherapist before you load it again.';

/**
 * Soreness, rest and pain. Soreness after new work is normal and fades (ACSM's information sheet on delayed-onset
 * muscle soreness); pain is not trained through, and warning signs during exercise mean stopping and getting help.
 */
export function recoveryReply(context: Context, { pain, urgent }: { pain: boolean; urgent: boolean }): CoachReply {
  const clinician = clinicianNote([...new Set([...context.reading.concerns, ...(pain ? (['injury'] as const) : [])])]);
  if (urgent) {
    return {
      message: paragraphs(
        'Chest pain, pressure or tightness, feeling dizzy or faint, a racing heart or unusual shortness of breath while exercising are warning signs. Stop now and rest. If it does not pass within a few minutes, or it is severe, call your emergency number.',
        'Even if it passes, see a doctor before your next workout, and tell them what you were doing when it started. I will not write training on top of this until a doctor has said it is safe.',
        clinician,
      ),
      planData: [],
    };
  }
  if (pain) {
    return {
      message: paragraphs(
        PAIN_IS_A_STOP,
        'Meanwhile you can keep training what does not hurt: ask me to swap the move ("swap squats for something easier on my knees"), and add what hurts to the accessibility needs on your profile, so the plans I write leave it out.',
        'Sore muscles a day or two after a workout are different: a dull ache across the muscle, not in the joint, that fades within a few days.',
        clinician,
      ),
      planData: [],
    };
  }
  return {
    message: paragraphs(
      'Sore muscles a day or two after a workout are normal, above all after your first sessions or a new exercise. It is called delayed-onset muscle soreness (DOMS): it peaks 24–72 hours after the workout and fades within a few days (ACSM).',
      '- Easy movement helps: a walk or an easy bike ride, and your warm-up before the next session.\n- You can still train, but give each muscle group a day off after a hard session (your plan never works the same muscles hard two days in a row), and go lighter next time if you are still very sore.\n- Sleep (adults need 7 hours or more) and enough protein are when and how muscles recover.',
      'It gets much milder once your body is used to the work, which is why a new plan starts light: keep going.',
      'Soreness is a dull ache across the muscle. Sharp pain, pain in a joint, swelling, or very severe soreness with dark urine are not: stop, and see a doctor.',
      safetyParagraph(context),
    ),
    planData: [],
  };
}

/** EFSA's adequate intakes of water (drinks and food), by the profile's gender; Other spans both. */
const WATER: Record<ProfileFields['gender'], { litres: string; who: string }> = {
  Male: { litres: '2.5', who: 'men' },
  Female: { litres: '2.0', who: 'women' },
  Other: { litres: '2.0–2.5', who: 'adults' },
};

/** Days a week for each level (ACSM 2009), said as a range. */
const LEVEL_DAYS: Record<Reading['level'], string> = { novice: '2–3', intermediate: '3–4', advanced: '4–6' };

/** The beginner's questions that are neither a plan nor about one (see `Question`). */
export function questionReply(context: Context, topic: Question): CoachReply {
  const { reading, energy, profile } = context;
  const message = (() => {
    switch (topic) {
      case 'missed':
        return paragraphs(
          'One missed workout changes nothing; what counts is the weeks, not a day. Do not double up or make the next session longer to catch up: just do the next one.',
          'Your plan waits for you: your dashboard offers the workout you missed until you have done it, then moves on to the next by itself, so you pick up where you left off ("Proceed to next day" skips one if you mean to).',
          'Back after a week or more off? Make the first session lighter (fewer sets or less weight) and build up again over a week or two.',
        );
      case 'fueling':
        return paragraphs(
          'Before: a normal meal 2–3 hours before you train, or a small snack with some carbohydrate 30–60 minutes before (a banana, yogurt, toast). Training hungry or just after a big meal both feel worse.',
          `After: a meal or snack with about 20–40 g of protein within a couple of hours (ISSN position stand on nutrient timing). What you eat over the whole day matters more than the timing: about ${kcal(energy.target)} and ${energy.proteinGrams} g of protein for you.`,
          'Drink water before, during and after, more when it is hot or you sweat a lot.',
        );
      case 'frequency': {
        const said = profile.weeklyWorkoutFrequency;
        return paragraphs(
          `At your level (${reading.level}), ${LEVEL_DAYS[reading.level]} strength days a week (ACSM), with a day off between hard sessions for the same muscles.`,
          said && said > 0 ? `Your profile says ${plural(said, 'day')} a week, and the plans I write keep to that.` : `Your profile has no weekly frequency yet; ${plural(GENTLE_START_DAYS, 'day')} a week is a good start, and you can set it on your profile.`,
          'On top of that, build up toward 150 minutes of moderate activity a week (WHO): brisk walks count, in bouts of any length. A beginner builds toward this; nobody starts there.',
        );
      }
      case 'results':
        return paragraphs(
          resultsText(profile, reading, energy),
          'Strength comes first: in the first weeks you lift more mainly because you learn the moves, so expect your weights to go up before the mirror changes. Photos and measurements every 2–4 weeks show change better than a daily look.',
          'Your progress page shows the weekly trend of your weight and workouts.',
        );
      case 'spot':
        return paragraphs(
          'You cannot choose where fat comes off: crunches and other belly exercises strengthen the muscles under the fat, but they do not burn the fat on top of them. In a study where people did only ab exercises for six weeks, their belly fat did not change (Vispute et al., 2011).',
          `Fat comes off all over with a calorie deficit, about ${kcal(energy.target)} a day for you, plus strength training and cardio; where it goes first is up to your body.`,
          'Keep the core work anyway: a strong core helps every lift and your back.',
        );
      case 'water':
        return paragraphs(
          `About ${WATER[profile.gender].litres} litres of water a day from drinks and food together is the adequate intake for ${WATER[profile.gender].who} (EFSA); food brings about a fifth of it, so most of it is what you drink.`,
          'Drink more on training days, in the heat, or when you sweat a lot: a few sips every 15–20 minutes while you train and a glass or two after. Pale yellow urine means you are drinking enough; thirst and dark urine mean drink more.',
          'Water, milk, tea and coffee all count; sugary drinks count too, but bring calories.',
        );
      case 'ill':
        return paragraphs(
          'A common rule of thumb for training while ill, the "neck check": with symptoms only above the neck (a runny or stuffy nose, a mild sore throat), light exercise such as a walk is usually fine; go easy and stop if you feel worse.',
          'With symptoms below the neck (fever, chest congestion or a cough from the chest, body aches, an upset stomach), rest until they are gone: exercising with a fever is not safe.',
          'Come back gently: a lighter session or two before your usual ones. Your plan waits for you meanwhile. If you are not better within a week or so, or you have trouble breathing, see a doctor.',
        );
      case 'supplements':
        return paragraphs(
          `You do not need supplements to make progress: training, food and sleep do the work. A protein powder is just food, handy when meals fall short of your ${energy.proteinGrams} g of protein a day.`,
          'Creatine monohydrate is the best-studied supplement for strength training: 3–5 g a day, and it is safe for healthy adults (ISSN position stand). Fat burners and testosterone boosters have little evidence behind them, and some carry real risks.',
          'Check with your doctor or pharmacist first if you take medication, have a kidney or heart condition, are pregnant, or are under 18.',
        );
    }
  })();
  return { message: paragraphs(message, safetyParagraph(context)), planData: [] };
}

/** How long the goal takes at the plan's energy: the classic ~3,500 kcal per lb (7,700 per kg) of body weight. */
function resultsText(profile: ProfileFields, reading: Reading, energy: DailyTargets): string {
  const perWeekLb = ((energy.tdee - energy.target) * 7) / 3500;
  const toGo = profile.targetWeightLb !== null && profile.weightLb !== null ? profile.weightLb - profile.targetWeightLb : null;
  if (reading.goal === 'lose' && perWeekLb >= 0.2) {
    const unit = unitOf(profile);
    const rate = unit === 'kg' ? `about ${(perWeekLb * KG_PER_LB).toFixed(1)} kg a week` : `about ${perWeekLb.toFixed(1)} lb (${(perWeekLb * KG_PER_LB).toFixed(1)} kg) a week`;
    const swings = `the scale swings by ${unit === 'kg' ? 'a kilo or so' : 'a pound or two'} from day to day`;
    if (toGo !== null && toGo > 0) {
      const weeks = Math.round(toGo / perWeekLb);
      return `At ${kcal(energy.target)} a day you should lose ${rate}. From ${bodyWeight(profile.weightLb!, unit)} to your target of ${bodyWeight(profile.targetWeightLb!, unit)} that is ${weeks} weeks or more: loss slows as you get lighter, and ${swings}, so judge by the trend over weeks.`;
    }
    return `At ${kcal(energy.target)} a day you should lose ${rate}. The ${swings.replace(/^the /, '')}, so judge by the trend over weeks.`;
  }
  if (reading.goal === 'muscle') {
    return 'Muscle grows slowly: with a small surplus and enough protein, a beginner gains a little each month, and it shows over months, not weeks. The numbers in your workout log go up sooner.';
  }
  return 'Regular training makes everyday things easier within a few weeks; changes you can see take longer, usually months. Keep to your plan and compare month to month.';
}

export function unknownReply(context: Context): CoachReply {
  return {
    message: paragraphs(
      `I'm not sure what you'd like, ${firstName(context.profile)}. I can write a workout plan or a meal plan from your profile, explain your calories (about ${kcal(context.energy.target)} a day for you), or answer about your saved plans.`,
      'Try "make me a workout plan", "make me a meal plan", "how often should I work out?", "/meal what is on day 2?" or type /help.',
      safetyParagraph(context),
    ),
    planData: [],
  };
}
