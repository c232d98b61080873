import type { Request, Response } from 'express';
import { regimenStream, workoutRosterStream } from '../../../../events/streams.js';
import { currentUser } from '../../../platform/auth.js';
import { parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, newId, stepContext } from '../execute.js';
import { saveRegimen, selectFirstPrimary } from './decide.js';
import { workoutPlanInput } from './planInput.js';
import { regimen } from './regimen.js';
import { roster } from './roster.js';

/** POST /api/savePlan with planType 'workout' (auth and role are checked by the plans router). */
export async function saveWorkoutPlan(deps: CommandDeps, req: Request, res: Response): Promise<void> {
  const plan = parse(workoutPlanInput, req.body);
  const ctx = commandContext(deps, req, res);
  const userId = currentUser(res).id;
  const regimenId = newId(ctx, 'regimen');
  const now = deps.now().toISOString();
  const saved = await execute(stepContext(ctx, 'regimen'), regimenStream(regimenId), regimen, (state) =>
    saveRegimen(state, { regimenId, userId, plan, now }),
  );
  // Second stream: if this step is lost the plan is still saved, only not primary; the next save or select heals it.
  const primary = await execute(stepContext(ctx, 'roster'), workoutRosterStream(userId), roster, (state) =>
    selectFirstPrimary(state, { userId, regimenId, now }),
  );
  res.status(201).json({ message: 'Workout plan saved!', regimenId, position: Math.max(saved.position, primary.position) });
}
