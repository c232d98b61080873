import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth.js';
import { parse } from '../../../platform/http.js';
import { nextTurn } from '../../../platform/turns.js';
import { commandContext, type CommandDeps } from '../context.js';
import { newId } from '../execute.js';
import { runFlow } from '../flow.js';
import { saveMealPlanFlow } from './flows.js';
import { mealPlanInput, mealPlanOf } from './planInput.js';

/** POST /api/savePlan, planType 'meal' (auth and role are checked by the plans router that dispatches here). */
export async function saveMealPlan(deps: CommandDeps, req: Request, res: Response): Promise<void> {
  const plan = mealPlanOf(parse(mealPlanInput, req.body));
  // Checking a plan of up to 100 KB took this turn; deciding and appending it take the next.
  await nextTurn();
  const ctx = commandContext(deps, req, res);
  // A retry carrying the same Idempotency-Key must land on the same plan rather than save a second copy.
  const mealPlanId = newId(ctx, 'mealplan');
  const position = await runFlow(ctx, saveMealPlanFlow({ mealPlanId, userId: currentUser(res).id, plan, now: deps.now().toISOString() }));
  res.status(201).json({ message: 'Meal plan saved!', mealPlanId, position });
}
