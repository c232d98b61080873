import type { ProfileFields } from '../../../events/user.js';
import { asksToLogFood } from './foodLog.js';
import { goalIn } from './profile.js';
import type { CoachRequest } from './types.js';

/** Questions beginners ask that are neither a plan nor about one; each has its own answer. */
export type Question = 'missed' | 'fueling' | 'frequency' | 'results' | 'spot' | 'water' | 'supplements' | 'ill';

/**
 * They name workouts and meals, so they are read before plan requests: "what should I eat before a workout?" asks
 * about timing, not for two plans.
 */
const QUESTIONS: Array<[RegExp, Question]> = [
  // Before the rest: "I have a sore throat, should I work out?" is about being ill, not about soreness or training.
  [/\b(sick(?! of)|ill|unwell|flu|fever|sore throat|runny nose|stuffy nose|covid|(have|got|caught|with) a cold|chest cold|cough(ing)?)\b/, 'ill'],
  [/\b(missed|skipped|skip|miss)\b.*\b(work ?outs?|sessions?|days?|training|gym|week)\b|\b(fell off|falling off|get back on track|back on track)\b/, 'missed'],
  [/\b(eat|food|snack|meal|drink)\b.*\b(before|after)\b.*\b(work ?outs?|training|gym|sessions?|exercis\w*|lifting|run)\b|\b(pre|post)[- ]?work ?out\b/, 'fueling'],
  [/\bhow (often|many (days|times))\b.*\b(work ?out|train|exercise|gym|lift)\b|\bhow many days a week\b|\b(work ?out|train|exercise|lift|go to the gym)\b.*\b(every day|daily|each day|7 days a week)\b/, 'frequency'],
  [/\b(how long|how soon|how many weeks|when)\b.*\b(results?|see (a |any )?(change|difference)|notice|reach my (goal|target)|lose (the |this )?weight)\b/, 'results'],
  [/\b(belly|stomach|tummy|arm|thigh|back|chin)\s+fat\b|\blove handles\b|\bspot[- ]reduc\w*|\bfat (from|off|on) my\b|\bsix[- ]?pack\b|\bsee (my )?abs\b/, 'spot'],
  [/\b(how much|how many (glasses|litres|liters|cups|bottles)( of)?|enough)\b.*\b(water|fluids?|drink)\b|\bhydrat\w*|\bdehydrat\w*/, 'water'],
  [/\b(supplements?|creatine|protein (powder|shakes?)|whey|pre[- ]?workout (powder|drink|supplement)s?|fat burners?|bcaas?|multivitamins?|test(osterone)? boosters?)\b/, 'supplements'],
];

/** What a chat message asks for, read from its words (and which plan the request carries). */
export type Intent =
  | { kind: 'help' }
  | { kind: 'greeting' }
  | { kind: 'thanks' }
  | { kind: 'create'; workout: boolean; meal: boolean }
  | { kind: 'swap'; from: string; to: string | null; pain?: boolean }
  | { kind: 'day'; day: 'today' | 'tomorrow' | number; about: 'meal' | 'workout' | 'either' }
  | { kind: 'calories' }
  | { kind: 'overview'; about: 'meal' | 'workout' | 'either' }
  | { kind: 'progression' }
  | { kind: 'warmup' }
  | { kind: 'recovery'; pain: boolean; urgent: boolean }
  | { kind: 'question'; topic: Question }
  | { kind: 'why'; home: boolean }
  | { kind: 'howTo'; phrase: string }
  | { kind: 'load' }
  | { kind: 'logFood' }
  | { kind: 'unknown' };

const WORKOUT = /\b(work ?outs?|training|train|exercises?|exercising|routines?|program(me)?s?|regimens?|splits?|gym|lifting|lift|strength plan|fitness plan|sessions?)\b/;
const MEAL = /\b(meals?|diet|menus?|nutrition|eating|eat|foods?|recipes?|breakfast|lunch|dinner|snacks?)\b/;
const CREATE = /\b(make|create|build|write|generate|give|need|want|design|suggest|new|get|recommend|put together|set up|draft|plan for me|could you|can you|please|i'd like|i would like|what should i|how should i)\b/;
const PLAN_NOUN = /\b(plans?|program(me)?s?|routines?|regimens?|schedules?|splits?|menus?)\b/;
const SWAP = /\b(swap|replace|substitut\w*|instead of|switch|exchange|don'?t like|do not like|hate|can'?t do|cannot do|alternatives? (to|for)|change)\b/;
const HELP = /^\/help\b|\b(help|what can you do|how do(es)? (this|it|you) work|commands?|what do you do|how to use|features)\b/;
const GREETING = /^(hi|hello|hey|yo|hiya|good (morning|afternoon|evening)|howdy|greetings)\b/;
const THANKS = /\b(thanks?|thank you|cheers|appreciate it|great,? thanks)\b/;
const CALORIES = /\b(calories?|kcal|macros?|protein|carbs?|carbohydrates?|fats?|tdee|bmr|metabolism|how much (should|do) i eat|energy)\b/;
const PROGRESSION = /\b(progress(ion)?|add (more )?weight|increase (the )?(weight|load)|heavier|when (should|do) i (go up|increase)|plateau|stuck|overload)\b/;
const WARMUP = /\b(warm[- ]?ups?|cool[- ]?downs?|stretch(ing)?)\b/;
const RECOVERY = /\b(sore(ness)?|doms|ach(e|es|ing|y)|stiff(ness)?|rest days?|days? off|recover(y|ing)?|tired|exhausted|fatigued?|sleep)\b/;
const PAIN = /\b(pain(ful)?|hurts?|hurting|sharp|swollen|swelling|popped|injur\w*|numb(ness)?|tingl\w*)\b/;
/** Signs to stop at once and get help, not to be answered with training advice. */
const URGENT = /\b(chest (pain|tight\w*|pressure)|dizz(y|iness)|faint\w*|pass(ed)? out|short(ness)? of breath|can'?t breathe|heart (racing|pounding)|palpitations?)\b/;
const OVERVIEW = /\b(what('?s| is) (in|on) my|show|summar\w*|explain|overview|tell me about|describe|look at|review)\b/;
const WHY = /\bwhy\b.*\b(this|that|these|those|exercises?|moves?|pick(ed)?|choose|chose|chosen|include[sd]?|plan|workout|squats?|press|rows?|lunges?|deadlifts?|curls?|planks?|bridges?|push-?ups?|pull-?ups?|sets?|reps?)\b|\bwhat('?s| is) the (point|reason) (of|for|behind)\b/;
/**
 * What to lift, and why that weight: "why this weight?", "why 55 lb on bench?", "what should I lift next?". Read before
 * "why this exercise?". "My weight" is the body's ("why is my weight not going down?"), so it is not matched.
 */
const LOAD =
  /\bwhy\b.*\b(this|that|the|these|those|such a|so much|so little)\s+(weights?|loads?|targets?)\b|\bwhy\b.*\b\d+(\.\d+)?\s*(lbs?|pounds?|kgs?|kilos?)\b|\bwhat (weight|load)\b.*\b(lift|use|do|put|go|bench|squat|press|deadlift|row|next|today)\b|\bwhat should i (lift|load|put on)\b|\bhow (much|heavy) should i (lift|load|go|use|bench|squat|press|deadlift|row)\b|\b(my )?next (targets?|weights?)\b|\bwhy\b.*\b(go(ing)? up|add(ed|ing)? weight|heavier|lighter|deload(ed|ing)?)\b/;
/** What asks how to do an exercise, and the words after it that name the exercise. */
const HOW_TO_ASK =
  /\b(?:how (?:do|should|can|would) (?:i|you|we) (?:do|perform|execute|get (?:the )?form (?:right )?(?:on|for))|how to (?:do|perform)|(?:what(?:'?s| is) )?(?:the )?(?:proper|correct|right|good|best) (?:form|technique|way to do) (?:for|on|of|in)?|(?:form|technique) (?:cues|tips)? ?(?:for|on|of)|cues (?:for|on))\s+(.+)$/;
const HOME = /\b(can|could) i (do|train|follow|use) (this|it|that|these|the|my)\b.*\b(at home|without (a )?gym|with no equipment)\b/;
const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7 };

/** "day 3", "day three", "3rd day", "today", "tomorrow". */
export function dayIn(text: string): 'today' | 'tomorrow' | number | null {
  const t = text.toLowerCase();
  const n = t.match(/\bday\s*(\d{1,2})\b/) ?? t.match(/\b(\d{1,2})(st|nd|rd|th)\s+day\b/);
  if (n) return Number(n[1]);
  const w = t.match(/\bday\s+(one|two|three|four|five|six|seven)\b/) ?? t.match(/\b(first|second|third|fourth|fifth|sixth|seventh)\s+day\b/);
  if (w) return WORD_NUMBERS[w[1]!]!;
  if (/\btomorrow('?s)?\b/.test(t)) return 'tomorrow';
  if (/\b(today('?s)?|tonight('?s)?|this (morning|evening|afternoon))\b/.test(t)) return 'today';
  return null;
}

function about(t: string, request: CoachRequest): 'meal' | 'workout' | 'either' {
  // "and day 3?" after a question about meals is about meals: the last turns that name one kind decide.
  for (const text of [t, ...request.history.map((turn) => turn.content.toLowerCase()).reverse()]) {
    const meal = MEAL.test(text) || CALORIES.test(text);
    const workout = WORKOUT.test(text);
    if (meal && !workout) return 'meal';
    if (workout && !meal) return 'workout';
    if (meal && workout) break;
  }
  if (request.mealPlan && !request.workoutPlan) return 'meal';
  if (request.workoutPlan && !request.mealPlan) return 'workout';
  return 'either';
}

/** "swap A for B", "replace A with B", "B instead of A", "I don't like A". */
export function swapParts(text: string): { from: string; to: string | null } | null {
  const t = text.toLowerCase().replace(/[?!.]+$/, '').trim();
  const clean = (s: string) => s.replace(/^(the|my|a|an|out|some)\s+/g, '').replace(/\s+(please|thanks|in my plan|on my plan|from my plan)$/g, '').trim();
  const pair = t.match(/\b(?:swap|replace|switch|substitute|change|exchange)\s+(?:out\s+)?(.+?)\s+(?:for|with|to|by|into)\s+(.+)$/);
  if (pair) return { from: clean(pair[1]!), to: clean(pair[2]!) };
  const instead = t.match(/(?:^|\b(?:do|have|eat|use|try)\s+)(.+?)\s+instead of\s+(.+)$/);
  if (instead) return { from: clean(instead[2]!), to: clean(instead[1]!.replace(/^(?:(?:can|could|may|should) (?:i|we)\s+)?(?:do|have|eat|use|try)\s+/, '')) };
  const single =
    t.match(/\b(?:swap|replace|switch|substitute|change|exchange)\s+(?:out\s+)?(.+)$/) ??
    t.match(/\b(?:don'?t like|do not like|hate|can'?t do|cannot do)\s+(.+)$/) ??
    t.match(/\balternatives? (?:to|for)\s+(.+)$/);
  return single ? { from: clean(single[1]!), to: null } : null;
}

const BODY_PART = /^(?:my |the |your )?(?:left |right )?(?:knees?|lower back|back|shoulders?|wrists?|hips?|ankles?|neck|elbows?|legs?|arms?|feet|foot|it|this|that|everything|all)$/;

/**
 * The move a pain report names: "the step-up hurts my knee", "step-ups are hurting", "my knee hurts when I do the
 * lunges". A body part alone ("my knee hurts") names no move; null then.
 */
export function painfulMove(text: string): string | null {
  const t = text.toLowerCase();
  const when = /\b(?:hurts?|hurting|pain(?:ful)?|aches?|twinges?)\b[^.?!]*?\bwhen (?:i|i'm|im) (?:do(?:ing)?|try(?:ing)?|perform(?:ing)?) (?:the |a |my |those |these )?([a-z][a-z -]{1,40}?)(?=[,.?!]|$| and\b| so\b| but\b)/.exec(t)?.[1];
  const subject = /(?:^|[,.;!?]\s*|\b(?:and|but|so)\s+)(?:the |my |doing |those |these )?([a-z][a-z -]{1,40}?)\s+(?:hurts?|is hurting|are hurting|is painful|are painful|gives? me (?:\w+ )?pain|kills?|bothers?|aggravates?)\b/.exec(t)?.[1];
  const move = (when ?? subject)?.trim();
  return move && !BODY_PART.test(move) ? move : null;
}

/** `noSwap`: the swap words named nothing in the referenced plans, so the message is read as something else. */
export function intentOf(request: CoachRequest, noSwap = false): Intent {
  const t = request.message.toLowerCase().trim();
  // Warning signs come before anything asked with them: no plan is written on top of chest pain.
  if (URGENT.test(t)) return { kind: 'recovery', pain: true, urgent: true };
  if (LOAD.test(t)) return { kind: 'load' };
  // "I had two slices of veggie pizza for lunch": a meal eaten is logged, not answered with a plan.
  if (asksToLogFood(t)) return { kind: 'logFood' };
  // "How do I do a push-up?": the exercise's cues, not a plan or an overview.
  const howTo = t.match(HOW_TO_ASK);
  if (howTo && !HOME.test(t) && dayIn(howTo[1]!) === null && !WORKOUT.test(howTo[1]!) && !MEAL.test(howTo[1]!) && !PLAN_NOUN.test(howTo[1]!)) return { kind: 'howTo', phrase: howTo[1]! };
  // Questions about the coach's own plan: "why this exercise?", "why did you pick the box squat?", "can I do it at home?"
  if (WHY.test(t) || HOME.test(t)) return { kind: 'why', home: HOME.test(t) };
  // ...unless a plan is asked for by name: "make me a meal plan for after my workouts" wants the plan.
  const question = QUESTIONS.find(([re]) => re.test(t));
  if (question && !(PLAN_NOUN.test(t) && CREATE.test(t))) return { kind: 'question', topic: question[1] };
  // "The step-up hurts my knee, can you swap it?": the swap is offered at once, the pain advice after it.
  const hurting = PAIN.test(t) ? painfulMove(t) : null;
  if (!noSwap && hurting) return { kind: 'swap', from: hurting, to: null, pain: true };
  if (!noSwap && SWAP.test(t)) {
    const parts = swapParts(t);
    if (parts && parts.from) return { kind: 'swap', ...parts };
  }
  const workout = WORKOUT.test(t);
  const meal = MEAL.test(t);
  const day = dayIn(t);
  const hasPlan = Boolean(request.mealPlan || request.workoutPlan);
  if (day !== null && (hasPlan || !CREATE.test(t))) return { kind: 'day', day, about: about(t, request) };
  const asksCreate = (workout || meal) && (PLAN_NOUN.test(t) || CREATE.test(t)) && !(hasPlan && /\bmy\b/.test(t) && !CREATE.test(t));
  if (asksCreate && !/^\/help\b/.test(t)) {
    const both = /\bboth\b/.test(t);
    // A plan named by its kind is the one asked for: "a meal plan for after my workouts" is one meal plan.
    const mealPlanNamed = /\b(meal|diet|nutrition|eating)\s+plans?\b/.test(t);
    const workoutPlanNamed = /\b(work ?out|training|exercise|gym|fitness|strength)\s+(plans?|program(me)?s?|routines?|splits?)\b/.test(t);
    if (!both && mealPlanNamed !== workoutPlanNamed) return { kind: 'create', workout: workoutPlanNamed, meal: mealPlanNamed };
    return { kind: 'create', workout: workout || both, meal: meal || both };
  }
  // "plans for me", "both plans": neither kind named, so both.
  if (!workout && !meal && !hasPlan && /\bplans\b|\bboth\b/.test(t) && CREATE.test(t)) return { kind: 'create', workout: true, meal: true };
  if (CALORIES.test(t)) return { kind: 'calories' };
  // "I want to lose weight": a goal and a wish, no plan named: both plans, for that goal.
  if (goalIn(t) && /\b(want|need|help me|how (do|can|should) i|trying to|i'd like|my goal|get me)\b/.test(t) && !hasPlan) return { kind: 'create', workout: true, meal: true };
  // Pain and soreness come before progression and warm-ups: "it hurts when I add weight" is about the pain.
  if (PAIN.test(t) || RECOVERY.test(t)) return { kind: 'recovery', pain: PAIN.test(t), urgent: false };
  if (PROGRESSION.test(t)) return { kind: 'progression' };
  if (WARMUP.test(t)) return { kind: 'warmup' };
  if (hasPlan && (OVERVIEW.test(t) || /\bmy (meal |workout )?plan\b/.test(t))) return { kind: 'overview', about: about(t, request) };
  if (HELP.test(t)) return { kind: 'help' };
  if (GREETING.test(t)) return { kind: 'greeting' };
  if (THANKS.test(t)) return { kind: 'thanks' };
  return { kind: 'unknown' };
}

/**
 * Whether answering the message may need the person's logged sets (what to lift, progression): only then does the
 * chat read them from the log.
 */
export const asksAboutLifting = (message: string) => {
  const t = message.slice(0, 2000).toLowerCase();
  return LOAD.test(t) || PROGRESSION.test(t);
};

const MESSAGE_GOALS: Array<[RegExp, string]> = [
  [/\b(lose|losing|weight loss|fat loss|cut|lean out|slim down)\b/, 'lose weight'],
  [/\b(build|gain|bulk|hypertrophy)\s+(muscle|mass|size)|\bbulk(ing)?\b/, 'build muscle'],
  [/\b(get stronger|strength|powerlifting)\b/, 'strength'],
  [/\b(endurance|stamina|marathon|running)\b/, 'endurance'],
];

/**
 * What the message itself asks to change for this plan ("3 days a week", "2,000 calories", "to build muscle"),
 * applied over the profile so the same plan builders serve both. Diets, allergies and the body are read as
 * constraints (constraints.ts): they bind later plans too, not only this one.
 */
export function profileForRequest(profile: ProfileFields, message: string): { profile: ProfileFields; changed: string[] } {
  const t = message.toLowerCase();
  const next = { ...profile };
  const changed: string[] = [];
  const days = t.match(/\b([1-7])[- ]?(?:days?|x)\s*(?:a|per|each)?\s*week\b/) ?? t.match(/\b([1-7])[- ]day\b/);
  if (days) {
    next.weeklyWorkoutFrequency = Number(days[1]);
    changed.push(`${days[1]} days a week`);
  }
  const calories = t.match(/\b(\d{1,2},?\d{3})\s*(?:kcal|cal|calories?)\b/);
  if (calories) {
    next.calorieIntakeGoal = Number(calories[1]!.replace(',', ''));
    changed.push(`${calories[1]} kcal a day`);
  }
  const goal = MESSAGE_GOALS.find(([re]) => re.test(t));
  if (goal) {
    next.primaryGoal = goal[1];
    changed.push(`goal: ${goal[1]}`);
  }
  return { profile: next, changed };
}
