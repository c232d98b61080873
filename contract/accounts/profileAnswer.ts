/**
 * The answer of GET /api/profile ("profile as read", docs/product.md#what-the-app-keeps-and-answers) as a type, written once for both sides: the profiles
 * projection keeps it (with what only the query side needs) and the web client's profile page reads it. Types only,
 * importing nothing, so the web build takes nothing else from the server.
 */
export interface ProfileAnswer {
  name: string;
  email: string;
  age: number | null;
  gender: string;
  height_in: number | null;
  weight_lb: number | null;
  body_fat_percentage: number | null;
  muscle_percentage: number | null;
  target_weight_lb: number | null;
  target_body_fat_percentage: number | null;
  target_muscle_percentage: number | null;
  primary_goal: string | null;
  secondary_goal: string | null;
  weekly_workout_frequency: number | null;
  activity_level: string | null;
  gym_experience: number;
  help_preferences: string[];
  accessibility_needs: string | null;
  calorie_intake_goal: number | null;
  diet_type: string | null;
  diet_restrictions: string | null;
  role: number;
  current_regimen_id: string | null;
  current_regimen_day: number;
  current_meal_plan_id: string | null;
  current_meal_day: number;
  time_zone: string;
  /** Where plans are trained: 'gym', 'dumbbells' (home with dumbbells), 'bodyweight'; null until the person says. */
  equipment: 'gym' | 'dumbbells' | 'bodyweight' | null;
  /** The weight unit lifts are shown and entered in; null until the person chooses (shown as lb). */
  units: 'lb' | 'kg' | null;
  /** The profile page's Manage Subscription: null until the first subscription starts. */
  subscription: ProfileSubscription | null;
  /** True once the starter plans of a subscription were generated (docs/product.md#what-the-app-keeps-and-answers initialPlanGenerated). */
  initial_plan_generated: boolean;
}

export interface ProfileSubscription {
  /** `cancelled` by the user; `ended` by Stripe (subscription deleted or a payment failed). */
  status: 'active' | 'cancelled' | 'ended';
  interval: 'monthly' | 'annually';
  /** When the current (or last) subscription started. */
  since: string;
  /** When it was cancelled or ended; null while active. */
  ended_at: string | null;
}
