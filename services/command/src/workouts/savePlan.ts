import type { Request, Response } from 'express';
import { regimenStream, workoutRosterStream } from '../../../../events/streams.js';
import { currentUser } from '../../../platform/auth.js';
import { parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { execute, newId, stepContext, type CommandContext } from '../execute.js';
import { saveRegimen, selectFirstPrimary, type SaveRegimen } from './decide.js';
import { workoutPlanInput } from './planInput.js';
import { regimen } from './regimen.js';
import { roster } from './roster.js';

/**
 * Saving a regimen as a command: the regimen's stream, then the roster (primary when the user has none). The route
 * and the workers' starter plans both go through here. Returns the position of what was appended.
 */
export async function saveWorkoutPlanCommand(ctx: CommandContext, command: SaveRegimen): Promise<number> {
  const { regimenId, userId, now } = command;
  const saved = await execute(stepContext(ctx, 'regimen'), regimenStream(regimenId), regimen, (state) => saveRegimen(state, command));
  // Second stream: if this step is lost the plan is still saved, only not primary; the next save or select heals it.
  const primary = await execute(stepContext(ctx, 'roster'), workoutRosterStream(userId), roster, (state) =>
    selectFirstPrimary(state, { userId, regimenId, now }),
  );
  return Math.max(saved.position, primary.position);
}

/** POST /api/savePlan with planType 'workout' (auth and role are checked by the plans router). */
export async function saveWorkoutPlan(deps: CommandDeps, req: Request, res: Response): Promise<void> {
  const plan = parse(workoutPlanInput, req.body);
  const ctx = commandContext(deps, req, res);
  const regimenId = newId(ctx, 'regimen');
  const position = await saveWorkoutPlanCommand(ctx, { regimenId, userId: currentUser(res).id, plan, now: deps.now().toISOString() });
  res.status(201).json({ message: 'Workout plan saved!', regimenId, position });
}
