import type { RequestHandler } from 'express';
import { currentUser } from '../../../platform/auth.js';
import { parse } from '../../../platform/http.js';
import { commandContext, type CommandDeps } from '../context.js';
import { noBody, pathId } from '../fields.js';
import { runFlow } from '../flow.js';
import { choosePlan, type PlanKind } from './roster.js';

/**
 * Make primary (`SelectPrimary`) or delete (`DeletePlan`) the plan of `kind` named in the path, for any kind of plan:
 * no body, decided on the user's roster; the answer is `answer(planId)` with the position.
 */
export const planRosterRoute =
  (deps: CommandDeps, kind: PlanKind, type: 'SelectPrimary' | 'DeletePlan', answer: (planId: string) => object): RequestHandler =>
  async (req, res) => {
    parse(noBody, req.body);
    const planId = pathId(req.params.id, kind.noSuchPlan);
    const command = { type, userId: currentUser(res).id, planId, now: deps.now().toISOString() };
    const { position } = await runFlow(commandContext(deps, req, res), choosePlan(kind, command));
    res.json({ ...answer(planId), position });
  };
