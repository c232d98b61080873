import { z } from 'zod';
import { CHAT, instant, whole } from './bounds.js';

const id = z.string().min(1);
const at = instant;

/** Who wrote an answer: the built-in coach, or a model behind the OpenAI API (`model` names it). */
export const TRAINERS = ['built-in', 'openai'] as const;

/**
 * Stream `chat-<userId>`: each exchange with the AI trainer, tied together by `exchangeId`: what was asked, what
 * was answered (or why it failed), and which plans were offered to save.
 */
export const chatEvents = {
  ChatQuestionAsked: z.object({
    userId: id,
    exchangeId: id,
    message: z.string(),
    /** The recent history the client sent along (docs/product.md#the-calls: the last 3 messages). */
    historyLength: whole(0, CHAT.history),
    /** Which primary plans were part of the trainer's context. */
    referencedMealPlanId: z.string().nullable(),
    referencedRegimenId: z.string().nullable(),
    inputTokens: whole(0, CHAT.inputTokens),
    askedAt: at,
  }),
  ChatAnswerGiven: z.object({
    userId: id,
    exchangeId: id,
    message: z.string(),
    trainer: z.enum(TRAINERS),
    model: z.string().nullable(),
    answeredAt: at,
  }),
  /** One plan offered with an answer (docs/product.md#what-the-app-keeps-and-answers AI plan data, as validated for savePlan). */
  ChatPlanOffered: z.object({
    userId: id,
    exchangeId: id,
    planType: z.enum(['meal', 'workout']),
    name: z.string(),
    plan: z.record(z.string(), z.unknown()),
    offeredAt: at,
  }),
  /** The trainer could not answer (provider timeout, rate limit, malformed reply twice); nothing was shown but the error. */
  ChatAnswerFailed: z.object({ userId: id, exchangeId: id, reason: z.string(), failedAt: at }),
  /**
   * The person started a new conversation: /chat shows, and the trainer reads, only the exchanges after it. What
   * they stated before it (a diet, an allergy) still binds: a new conversation is not a new person.
   */
  ChatConversationStarted: z.object({ userId: id, startedAt: at }),
};
