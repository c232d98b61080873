import type { Request, Response } from 'express';
import { mealPlanStream, userStream } from '../../../../events/streams.js';
import { currentUser } from '../../../platform/auth.js';
import { parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, newId, stepContext, type CommandContext } from '../execute.js';
import { makePrimaryIfNone, saveMealPlan as decideSave, type SaveMealPlan } from './decide.js';
import { mealPlan } from './mealPlan.js';
import { mealPlanChoice } from './mealPlanChoice.js';
import { mealPlanInput } from './planInput.js';

/**
 * Saving a meal plan as a command: the plan's stream, then the owner's (primary when the user has none). The route
 * and the workers' starter plans both go through here. Returns the position of what was appended.
 */
export async function saveMealPlanCommand(ctx: CommandContext, command: SaveMealPlan): Promise<number> {
  const { mealPlanId, userId, now } = command;
  const saved = await execute(ctx, mealPlanStream(mealPlanId), mealPlan, (state) => decideSave(state, command));
  // Event ids derive from the key and the index in the batch; this second batch gets a key of its own so its
  // event is not mistaken for the plan's (already stored) one and skipped.
  const primary = await execute(stepContext(ctx, 'primary'), userStream(userId), mealPlanChoice, (choice) => makePrimaryIfNone(choice, { userId, mealPlanId, now }));
  return Math.max(saved.position, primary.position);
}

/** POST /api/savePlan, planType 'meal' (auth and role are checked by the plans router that dispatches here). */
export async function saveMealPlan(deps: CommandDeps, req: Request, res: Response): Promise<void> {
  const plan = parse(mealPlanInput, req.body);
  const ctx = commandContext(deps, req, res);
  // A retry carrying the same Idempotency-Key must land on the same plan rather than save a second copy.
  const mealPlanId = newId(ctx, 'mealplan');
  const position = await saveMealPlanCommand(ctx, { mealPlanId, userId: currentUser(res).id, plan, now: deps.now().toISOString() });
  res.status(201).json({ message: 'Meal plan saved!', mealPlanId, position });
}
