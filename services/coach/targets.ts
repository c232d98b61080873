import type { ProfileFields } from '../../events/user.js';
import { energyTarget, type EnergyTarget } from './energy.js';
import { noDeficitFor, readProfile } from './profile.js';

/**
 * A person's daily targets, from the one rule that sets them (energy.ts): the coach's plans and replies and the
 * dashboard all show this result, so protein is one number everywhere. At a plan's calorie goal, when there is one
 * (the plan's calories then count as the person's own goal).
 */
export function dailyTargets(profile: ProfileFields, planCalories?: number | null, said: readonly string[] = []): EnergyTarget {
  const reading = readProfile(profile, '', { said });
  const at = planCalories && planCalories > 0 ? { ...profile, calorieIntakeGoal: planCalories } : profile;
  return energyTarget(at, reading.goal, noDeficitFor(reading.concerns));
}
