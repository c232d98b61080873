import { z } from 'zod';
import type { CoachReply, PlanData } from '../../../domain/coach/types.js';
import { describeIssues } from '../../../platform/http.js';
import { FOOD_LOG } from '../../../../contract/nutrition/foodLogLimits.js';
import { MEAL_TIMES } from '../../../../contract/nutrition/mealTimes.js';
import { mealPlanInput } from '../nutrition/api.js';
import { workoutPlanInput } from '../training/api.js';

/** More plans than this in one answer is not an answer a person can use. */
export const MAX_PLANS_PER_REPLY = 3;

/**
 * A trainer's reply as it may reach the client: a message (empty only beside a plan, since the client shows an
 * empty reply with no plan as an error) and plans that POST /api/savePlan accepts, checked by its own schemas (the
 * plan safety bounds included), so a plan shown in chat always saves.
 */
const replySchema = z.object({
  message: z.string({ error: 'message must be text' }),
  /** A food eaten, offered to log with one tap: a catalogue food, as POST /api/food-log takes it. */
  foodLog: z
    .object({ meal_time: z.enum(MEAL_TIMES), food: z.string().max(FOOD_LOG.idLength), portion: z.string().max(FOOD_LOG.portionLength), quantity: z.number().positive().max(FOOD_LOG.quantity) })
    .loose()
    .optional(),
  planData: z.array(z.unknown(), { error: 'planData must be a list' }).max(MAX_PLANS_PER_REPLY, `planData holds at most ${MAX_PLANS_PER_REPLY} plans`),
});

/** Why one offered plan cannot be passed on, in words a model can correct and a person can read. */
function planProblem(plan: unknown): string | null {
  const planType = (plan as { planType?: unknown } | null)?.planType;
  const schema = planType === 'workout' ? workoutPlanInput : planType === 'meal' ? mealPlanInput : undefined;
  if (!schema) return "planType must be 'meal' or 'workout'";
  const parsed = schema.safeParse(plan);
  return parsed.success ? null : describeIssues(parsed.error);
}

/** `refused`: the plans left out, each with why; the message is passed on without them. */
export type ReplyReading = { ok: true; reply: CoachReply; refused: string[] } | { ok: false; problem: string };

/**
 * Reads a reply: what the client may see (and which plans were left out), or what is wrong with it. `forPerson`
 * checks a plan against the person (their diet, allergies, body: see coach/guard.ts), after the plan bounds.
 */
export function readReply(candidate: unknown, forPerson?: (plan: PlanData) => string | null): ReplyReading {
  const parsed = replySchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, problem: describeIssues(parsed.error) };
  const refused: string[] = [];
  const planData = parsed.data.planData.filter((plan, index) => {
    const problem = planProblem(plan) ?? forPerson?.(plan as PlanData) ?? null;
    if (problem) refused.push(`planData.${index}: ${problem}`);
    return !problem;
  });
  if (parsed.data.message.trim() === '' && planData.length === 0) return { ok: false, problem: refused.length > 0 ? refused.join('; ') : 'message: the reply is empty' };
  // The plans go on exactly as the trainer wrote them: savePlan takes them as they are (checked just above).
  const foodLog = parsed.data.foodLog as CoachReply['foodLog'];
  return { ok: true, reply: { message: parsed.data.message, planData: planData as PlanData[], ...(foodLog && { foodLog }) }, refused };
}

/** The reply as passed on: a plan that broke a bound is not offered, and the message says why. */
export function withRefusals({ reply, refused }: { reply: CoachReply; refused: string[] }): CoachReply {
  if (refused.length === 0) return reply;
  const why = `I did not offer ${refused.length === 1 ? 'the plan I wrote' : 'the plans I wrote'}: ${refused.map((r) => r.replace(/^planData\.\d+\.?/, '').replace(/^: /, '')).join('; ')}. Ask me again and I will write one inside those limits.`;
  return { ...reply, message: [reply.message, why].filter((m) => m.trim() !== '').join('\n\n') };
}
