import { newEvent, type AppNewEvent } from '../../../../events/catalog.js';
import type { CoachReply, Trainer } from '../../../domain/coach/types.js';

/*
 * The chat stream (`chat-<userId>`) is a record of exchanges, with no rule spanning them: nothing is decided from
 * its past, so these take no state and their events are appended without reading the stream (expected revision
 * `any`). Each exchange's events share its `exchangeId`.
 */

export interface AskQuestion {
  userId: string;
  exchangeId: string;
  message: string;
  historyLength: number;
  referencedMealPlanId: string | null;
  referencedRegimenId: string | null;
  inputTokens: number;
  now: string;
}

export function askQuestion({ now, ...question }: AskQuestion): AppNewEvent[] {
  return [newEvent('ChatQuestionAsked', { ...question, askedAt: now })];
}

export interface GiveAnswer {
  userId: string;
  exchangeId: string;
  reply: CoachReply;
  trainer: Pick<Trainer, 'kind' | 'model'>;
  now: string;
}

/** The answer, and each plan offered with it as the client receives it (to save with POST /api/savePlan). */
export function giveAnswer({ userId, exchangeId, reply, trainer, now }: GiveAnswer): AppNewEvent[] {
  return [
    newEvent('ChatAnswerGiven', { userId, exchangeId, message: reply.message, trainer: trainer.kind, model: trainer.model, answeredAt: now }),
    ...reply.planData.map((plan) =>
      newEvent('ChatPlanOffered', { userId, exchangeId, planType: plan.planType, name: plan.name, plan: { ...plan }, offeredAt: now }),
    ),
  ];
}

export function recordFailure({ userId, exchangeId, reason, now }: { userId: string; exchangeId: string; reason: string; now: string }): AppNewEvent[] {
  return [newEvent('ChatAnswerFailed', { userId, exchangeId, reason, failedAt: now })];
}

export function startConversation({ userId, now }: { userId: string; now: string }): AppNewEvent[] {
  return [newEvent('ChatConversationStarted', { userId, startedAt: now })];
}
