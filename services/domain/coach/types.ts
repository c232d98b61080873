import type { PlannedMeal } from '../../../events/mealPlan.js';
import type { RegimenDay } from '../../../events/regimen.js';
import type { ProfileFields } from '../../../events/user.js';
import type { RecentLifts } from '../training/setFacts.js';
import type { FoodLogOffer, PlanData } from '../../../contract/coach/chatAnswer.js';

// The chat's answer types are the contract's, shared with the web client.
export type { FoodLogOffer, MealPlanData, PlanData, WorkoutPlanData } from '../../../contract/coach/chatAnswer.js';

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
