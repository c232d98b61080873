import { z } from 'zod';
import type { CoachReply, PlanData } from '../../../coach/types.js';
import { describeIssues } from '../../../platform/http.js';
import { mealPlanInput } from '../meals/planInput.js';
import { workoutPlanInput } from '../workouts/planInput.js';

/** More plans than this in one answer is not an answer a person can use. */
export const MAX_PLANS_PER_REPLY = 3;

/**
 * A trainer's reply as it may reach the client: a message (empty only beside a plan, since the client shows an
 * empty reply with no plan as an error) and plans that POST /api/savePlan accepts, checked by its own schemas, so a
 * plan shown in chat always saves.
 */
const replySchema = z
  .object({
    message: z.string({ error: 'message must be text' }),
    planData: z
      .array(z.unknown(), { error: 'planData must be a list' })
      .max(MAX_PLANS_PER_REPLY, `planData holds at most ${MAX_PLANS_PER_REPLY} plans`)
      .superRefine((plans, ctx) => {
        plans.forEach((plan, index) => {
          const planType = (plan as { planType?: unknown } | null)?.planType;
          const schema = planType === 'workout' ? workoutPlanInput : planType === 'meal' ? mealPlanInput : undefined;
          if (!schema) return void ctx.addIssue({ code: 'custom', path: [index, 'planType'], message: "planType must be 'meal' or 'workout'" });
          const parsed = schema.safeParse(plan);
          if (!parsed.success) ctx.addIssue({ code: 'custom', path: [index], message: describeIssues(parsed.error) });
        });
      }),
  })
  .superRefine((reply, ctx) => {
    if (reply.message.trim() === '' && reply.planData.length === 0) ctx.addIssue({ code: 'custom', path: ['message'], message: 'the reply is empty' });
  });

export type ReplyReading = { ok: true; reply: CoachReply } | { ok: false; problem: string };

/** Reads a reply: what the client may see, or what is wrong with it, in words a model can correct. */
export function readReply(candidate: unknown): ReplyReading {
  const parsed = replySchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, problem: describeIssues(parsed.error) };
  // The plans go on exactly as the trainer wrote them: savePlan takes them as they are (checked just above).
  return { ok: true, reply: { message: parsed.data.message, planData: parsed.data.planData as PlanData[] } };
}
