import { boundsText } from './constraints.js';
import { allowedFoods } from '../nutrition/diets.js';
import { exerciseNamed } from '../training/exerciseIdentity.js';
import { isPregnant, readProfile } from './profile.js';
import { mealAllowed } from './swaps.js';
import type { CoachRequest, PlanData } from './types.js';
import { ruledOut } from './workoutPlan.js';

/**
 * What in an offered plan breaks what the person told us (a diet, an allergy, the body, the equipment, age), said
 * anywhere: null when nothing does. Run on every trainer's plans, a model's above all, so the same server-side rules
 * wrap it as shape the built-in coach's. Exercises a model names outside the catalog cannot be judged and pass.
 */
export function breachOf(plan: PlanData, request: Pick<CoachRequest, 'profile' | 'message' | 'said'>): string | null {
  const reading = readProfile(request.profile, request.message, { said: request.said ?? [] });
  const why = boundsText(reading.bounds) ?? '';
  if (plan.planType === 'meal') {
    const allowed = allowedFoods(reading.diet, reading.allergies, isPregnant(reading));
    const bad = plan.meals.find((m) => !mealAllowed(m.meal, allowed));
    return bad ? `day ${bad.day} ${bad.meal_time} ("${bad.meal}") holds a food the person does not eat. ${why}` : null;
  }
  for (const day of plan.workouts) {
    for (const line of day.exercises) {
      const exercise = exerciseNamed(line.name);
      const against = exercise ? ruledOut(exercise, reading, 'advanced') : null;
      if (against) return `day ${day.day} ${exercise!.name}: ${against}. ${why}`;
    }
  }
  return null;
}
