import type { PlannedMeal } from '../../../events/mealPlan.js';
import type { RegimenDay } from '../../../events/regimen.js';
import type { ProfileFields } from '../../../events/user.js';
import type { RecentLifts } from '../training/setFacts.js';

/** docs/product.md#what-the-app-keeps-and-answers "AI plan data", workout kind, exactly as POST /api/savePlan takes it. */
export interface WorkoutPlanData {
  planType: 'workout';
  name: string;
  description: string;
  goal: string;
  level: string;
  duration_weeks: number;
  workouts: Array<{
    day: number;
    summary: string;
    /** `reps` may be a range written as text ("8-12"); `duration` is seconds (0 when untimed). */
    /** `why`: the rule that chose the exercise and the facts it used, kept with the plan so "why?" is answered from it. */
    exercises: Array<{ name: string; sets: number; reps: number | string; duration: number; why?: string }>;
  }>;
  /** A saved plan with exercises swapped: the swaps to make in it, in place, rather than a second plan to save. */
  revises?: { regimenId: string; swaps: Array<{ workoutId: string; name: string }> };
}

/** docs/product.md#what-the-app-keeps-and-answers "AI plan data", meal kind, with the long macro names. */
export interface MealPlanData {
  planType: 'meal';
  name: string;
  description: string;
  diet_type: string | null;
  calorie_goal: number;
  meals: Array<{
    day: number;
    meal_time: 'Breakfast' | 'Lunch' | 'Dinner' | 'Snack';
    meal: string;
    calories: number;
    protein_grams: number;
    carbs_grams: number;
    fats_grams: number;
    allergens: string | null;
  }>;
}

export type PlanData = WorkoutPlanData | MealPlanData;

/** The user's primary meal plan, as the chat loads it from the log when `useMealPlan` is set. */
export interface ReferencedMealPlan {
  mealPlanId: string;
  name: string;
  dietType: string | null;
  calorieGoal: number;
  description: string | null;
  currentDay: number;
  days: number;
  meals: PlannedMeal[];
}

/** The user's primary workout regimen, as the chat loads it from the log when `useWorkoutPlan` is set. */
export interface ReferencedRegimen {
  regimenId: string;
  name: string;
  description: string;
  goal: string;
  level: string;
  durationWeeks: number;
  currentDay: number;
  days: RegimenDay[];
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** One question to the trainer, with what it knows about the person asking. */
export interface CoachRequest {
  message: string;
  /** The last messages before this one, oldest first (docs/product.md#the-calls: the client sends the last 3). */
  history: ChatTurn[];
  profile: ProfileFields;
  mealPlan?: ReferencedMealPlan;
  workoutPlan?: ReferencedRegimen;
  /**
   * The person's earlier chat messages that stated something (a diet, an allergy, the body, equipment, age), oldest
   * first, from the log: they bind every plan and swap after them.
   */
  said?: string[];
  /** Plans offered earlier in this conversation, newest last (saved or not): what "this plan" and "why?" mean. */
  offered?: PlanData[];
  /** The primary plans, for swaps and questions about "my plan" asked without /meal or /exercise. */
  primary?: { mealPlan?: ReferencedMealPlan; workoutPlan?: ReferencedRegimen };
  /**
   * Each exercise's last ended sessions, folded from the person's sets in the log (`recentLifts`): the facts the
   * next targets come from, so "why this weight?" is answered by the rule the tracker's targets follow. Read only
   * for a question about what to lift (`asksAboutLifting`).
   */
  lifting?: RecentLifts[];
}

/**
 * A food the person said they ate, as POST /api/food-log takes it (`meal_time`, `food`, `portion`, `quantity`), with
 * what it counts for and what it breaks of a stated diet or allergy: the chat's "Log it" sends it as it is.
 */
export interface FoodLogOffer {
  meal_time: 'Breakfast' | 'Lunch' | 'Dinner' | 'Snack';
  food: string;
  portion: string;
  quantity: number;
  name: string;
  calories: number;
  protein: number;
  carbs: number;
  fats: number;
  flags: string[];
  /** The unit the person said that the food has no measure for ("slice"): its own measure was used. */
  unmatchedUnit?: string;
}

export interface CoachReply {
  message: string;
  planData: PlanData[];
  /** A food eaten, offered to log: never a plan. */
  foodLog?: FoodLogOffer;
}

/**
 * Whoever answers the chat: the built-in coach (pure, no key needed) or a model behind the OpenAI API. An adapter
 * refuses what it cannot answer with a `TrainerUnavailable` (see services/command/src/chat), never a crash.
 */
export interface Trainer {
  readonly kind: 'built-in' | 'openai';
  readonly model: string | null;
  reply(request: CoachRequest): Promise<CoachReply>;
}
