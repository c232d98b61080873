import type { Request, Response } from 'express';
import { HttpError } from '../../../platform/http.js';
import type { CommandDeps } from '../context.js';

// SCAFFOLD: replaced by the workouts slice in this same change.
export async function saveWorkoutPlan(_deps: CommandDeps, _req: Request, _res: Response): Promise<void> {
  throw new HttpError(501, 'not built yet');
}
