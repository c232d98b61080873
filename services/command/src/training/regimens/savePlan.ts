import type { Request, Response } from 'express';
import { currentUser } from '../../../../platform/auth.js';
import { parse } from '../../../../platform/http.js';
import { nextTurn } from '../../../../platform/turns.js';
import { commandContext, type CommandDeps } from '../../context.js';
import { newId } from '../../execute.js';
import { runFlow } from '../../flow.js';
import { saveRegimenFlow } from './flows.js';
import { workoutPlanInput, workoutPlanOf } from './planInput.js';

/** POST /api/savePlan with planType 'workout' (auth and role are checked by the plans router). */
export async function saveWorkoutPlan(deps: CommandDeps, req: Request, res: Response): Promise<void> {
  const plan = workoutPlanOf(parse(workoutPlanInput, req.body));
  // Checking a plan of up to 100 KB took this turn; deciding and appending it take the next.
  await nextTurn();
  const ctx = commandContext(deps, req, res);
  const regimenId = newId(ctx, 'regimen');
  const position = await runFlow(ctx, saveRegimenFlow({ regimenId, userId: currentUser(res).id, plan, now: deps.now().toISOString() }));
  res.status(201).json({ message: 'Workout plan saved!', regimenId, position });
}
