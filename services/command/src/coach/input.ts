import { z } from 'zod';
import { CHAT } from '../../../../events/bounds.js';

/** docs/product.md#the-calls: the client sends the last 3 messages; a longer list is cut to those rather than refused. */
export const HISTORY_KEPT = 3;

const turn = z
  .object({
    role: z.enum(['user', 'assistant'], { error: "role must be 'user' or 'assistant'" }),
    content: z.string({ error: 'content must be text' }),
  })
  .strict();

/** POST /api/chat. Size is judged in tokens (tokenBudget.ts), not here. */
export const chatInput = z
  .object({
    message: z.string({ error: (issue) => (issue.input === undefined ? 'message is required' : 'message must be text') }).refine((m) => m.trim() !== '', 'message is empty'),
    recentHistory: z
      .array(turn, { error: 'recentHistory must be a list of {role, content}' })
      .max(CHAT.history, 'recentHistory holds the last few messages, not the whole conversation')
      .default([])
      .transform((history) => history.slice(-HISTORY_KEPT)),
    useMealPlan: z.boolean({ error: 'useMealPlan must be true or false' }).default(false),
    useWorkoutPlan: z.boolean({ error: 'useWorkoutPlan must be true or false' }).default(false),
  })
  .strict();

export type ChatInput = z.infer<typeof chatInput>;
