import { Router, type NextFunction, type RequestHandler, type Response } from 'express';
import type { AppEvent, AppNewEvent } from '../../../../events/catalog.js';
import { chatStream, userStream } from '../../../../events/streams.js';
import { breachOf } from '../../../domain/coach/guard.js';
import { asksAboutLifting } from '../../../domain/coach/intents.js';
import { recentLifts } from '../../../domain/training/setFacts.js';
import type { CoachReply } from '../../../domain/coach/types.js';
import { currentUser, requireUser, SUBSCRIBER_ROLES } from '../../../platform/auth.js';
import { forbidden, HttpError, jsonBody, parse } from '../../../platform/http.js';
import { user } from '../accounts/api.js';
import { commandContext, type CommandDeps } from '../context.js';
import { noBody } from '../fields.js';
import { load, newId, stepContext, withIds, type CommandContext } from '../execute.js';
import { mealPlans, referencedMealPlan } from '../nutrition/api.js';
import { loadPrimaryPlan } from '../plans/api.js';
import { referencedRegimen, regimens } from '../training/api.js';
import { conversation } from './conversation.js';
import { askQuestion, giveAnswer, recordFailure, startConversation } from './decide.js';
import { chatInput } from './input.js';
import { chatLimits } from './limits.js';
import { readReply, withRefusals } from './reply.js';
import { chatBodyLimit, inputTokensInTurns } from './tokenBudget.js';
import { trainerFor } from './trainer.js';
import { TrainerUnavailable } from './unavailable.js';

// docs/product.md#what-the-user-is-told-when-something-fails: the client opens 'Authentication Required' for a 403 without an error code, 'Subscription Required' for
// SUBSCRIPTION_REQUIRED and 'Request Too Large!' for TOKEN_LIMIT_EXCEEDED.
const NOT_SIGNED_IN = 'You need to be logged in to chat with the assistant.';
const NOT_SUBSCRIBED = 'You need an active subscription to chat with the assistant.';
const tooLarge = () =>
  new HttpError(413, 'Your request was too detailed for the AI trainer. Please use fewer details or split it into smaller questions.', {
    error: 'TOKEN_LIMIT_EXCEEDED',
  });

/** POST /api/chat: a question to the AI trainer, answered with `{message, planData}` and kept on `chat-<userId>`. */
export function chatRoutes(deps: CommandDeps): Router {
  const router = Router();
  const trainer = trainerFor(deps.config);
  const limits = chatLimits(deps.config, deps.counts);

  // No login is a plain 403 here (not 401): it is what the spec's chat client reads as 'Authentication Required'.
  const signedIn: RequestHandler = (req, res, next) =>
    requireUser(deps.tokens)(req, res, (error?: unknown) => next(error instanceof HttpError && error.status === 401 ? forbidden(NOT_SIGNED_IN) : error));
  // Judged by the role held now, so a cancelled subscription stops the chat at once whatever the token says.
  const subscribed: RequestHandler = async (_req, res, next) => {
    const role = await deps.roleOf(currentUser(res).id);
    if (!(SUBSCRIBER_ROLES as readonly number[]).includes(role)) return next(new HttpError(403, NOT_SUBSCRIBED, { error: 'SUBSCRIPTION_REQUIRED' }));
    next();
  };
  // Read after the checks above, at most what the token budget could need (tokenBudget.ts), so an oversized question
  // is told it is too detailed (413 TOKEN_LIMIT_EXCEEDED) rather than given the general parser's answer; held to the
  // same depth. A body whose Content-Length is past the limit is refused unread.
  const bodyLimit = chatBodyLimit(deps.config.CHAT_MAX_INPUT_TOKENS);
  const parser = jsonBody(bodyLimit);
  /** Counts a question against the user's budgets, a refused one too (429 with Retry-After once they are spent). */
  const spendQuestion = (res: Response) => limits.spend(currentUser(res).id, res);
  // A user past a budget is refused before the body is read: a script that keeps sending gets its 429 for the price
  // of a count lookup.
  const withinBudget: RequestHandler = (_req, res, next) => limits.refuseWhenSpent(currentUser(res).id, res).then(() => next(), next);
  // An oversized question costs work to refuse, so it is counted like any other: refusing it is no free retry. One
  // that says its size is answered at once (what arrives after is discarded unread); one sent in chunks, once it
  // passes the limit.
  const refuseTooLarge = (res: Response, next: NextFunction) => spendQuestion(res).then(() => next(tooLarge()), next);
  const body: RequestHandler = (req, res, next) => {
    if (Number(req.headers['content-length']) > bodyLimit) return void refuseTooLarge(res, next);
    parser(req, res, (error?: unknown) => ((error as { type?: string } | undefined)?.type === 'entity.too.large' ? refuseTooLarge(res, next) : next(error)));
  };

  router.post('/chat', signedIn, subscribed, withinBudget, body, async (req, res) => {
    const input = parse(chatInput, req.body);
    await spendQuestion(res);
    const tokens = await inputTokensInTurns(input, deps.config.CHAT_MAX_INPUT_TOKENS);
    if (tokens === null) throw tooLarge();
    const userId = currentUser(res).id;

    // The primary plans are read whatever the flags say: "swap lunges" in plain words is about them too. The
    // flags still say which plan the question includes (and the log records).
    const [account, primaryMeal, primaryWorkout, chat, lifting] = await Promise.all([
      load(deps.store, userStream(userId), user),
      loadPrimaryPlan(deps.store, mealPlans, userId).then((plan) => plan && referencedMealPlan(plan)),
      loadPrimaryPlan(deps.store, regimens, userId).then((plan) => plan && referencedRegimen(plan)),
      load(deps.store, chatStream(userId), conversation),
      // The sets behind "why this weight?", from the log (a command reads no read model), folded as the records
      // projection folds them; only for a question that may need them, since a long history costs a read.
      asksAboutLifting(input.message) ? deps.store.readUser(userId).then((events) => [...recentLifts(events as AppEvent[]).values()]) : undefined,
    ]);
    const mealPlan = input.useMealPlan ? primaryMeal : null;
    const workoutPlan = input.useWorkoutPlan ? primaryWorkout : null;
    // Only an account the log no longer knows gets here (its token outlived it): as good as signed out.
    if (account.state.status === 'none') throw forbidden(NOT_SIGNED_IN);

    const ctx = commandContext(deps, req, res);
    const exchangeId = newId(ctx, 'exchange');
    const record = (step: string, events: AppNewEvent[]) => appendToChat(stepContext(ctx, step), userId, events);
    await record('asked', askQuestion({
      userId,
      exchangeId,
      message: input.message,
      historyLength: input.recentHistory.length,
      referencedMealPlanId: mealPlan?.mealPlanId ?? null,
      referencedRegimenId: workoutPlan?.regimenId ?? null,
      inputTokens: tokens,
      now: deps.now().toISOString(),
    }));

    let reply: CoachReply;
    try {
      const request = {
        message: input.message,
        // The context is the log's, never the client's: a turn the client calls the assistant's carries no authority
        // (docs/adr/0164-the-trainers-context-is-the-log.md).
        history: chat.state.turns,
        said: chat.state.said,
        offered: chat.state.offered,
        primary: { ...(primaryMeal && { mealPlan: primaryMeal }), ...(primaryWorkout && { workoutPlan: primaryWorkout }) },
        profile: account.state.profile,
        ...(lifting && { lifting }),
        ...(mealPlan && { mealPlan }),
        ...(workoutPlan && { workoutPlan }),
      };
      // The same rules wrap every trainer: the plan bounds, and what the person told us (coach/guard.ts).
      const reading = readReply(await trainer.reply(request), (plan) => breachOf(plan, request));
      // Every trainer's reply passes the same gate: a plan savePlan would refuse never reaches the client.
      if (!reading.ok) throw new TrainerUnavailable(502, 'The AI trainer sent an answer we could not read. Please try again.', `reply not passed on: ${reading.problem}`);
      // How many, not why: the why quotes the plan and what the person told us, and the log outlives their account.
      if (reading.refused.length > 0) deps.log.warn('chat plan refused by the safety bounds', { userId, exchangeId, trainer: trainer.kind, refused: reading.refused.length });
      reply = withRefusals(reading);
    } catch (error) {
      if (!(error instanceof TrainerUnavailable)) deps.log.error('the trainer broke', error);
      const failure = error instanceof TrainerUnavailable ? error : unexpected(error);
      // The reason may quote the reply and the person: it is in the sealed ChatAnswerFailed, not in the log.
      deps.log.warn('chat answer failed', { userId, exchangeId, trainer: trainer.kind, status: failure.status });
      await record('failed', recordFailure({ userId, exchangeId, reason: failure.reason, now: deps.now().toISOString() }));
      if (failure.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(failure.retryAfterSeconds));
      throw new HttpError(failure.status, failure.message);
    }

    await record('answered', giveAnswer({ userId, exchangeId, reply, trainer, now: deps.now().toISOString() }));
    res.json({ message: reply.message, planData: reply.planData, ...(reply.foodLog && { foodLog: reply.foodLog }) });
  });
  // "New conversation": /chat and the trainer start from here; what the person stated before still binds.
  router.post('/chat/conversations', signedIn, body, async (req, res) => {
    parse(noBody, req.body ?? {});
    const userId = currentUser(res).id;
    const ctx = commandContext(deps, req, res);
    const { position } = await ctx.store.append(chatStream(userId), withIds(ctx, startConversation({ userId, now: deps.now().toISOString() })), 'any');
    res.status(201).json({ position });
  });
  return router;
}

/** A trainer that broke rather than failed: the user gets a sentence, the log gets the error. */
function unexpected(error: unknown): TrainerUnavailable {
  return new TrainerUnavailable(502, 'The AI trainer could not answer just now. Please try again.', `trainer error: ${(error as Error)?.message ?? String(error)}`);
}

/** Exchanges never conflict with each other, so they are appended without reading the stream (see decide.ts). */
async function appendToChat(ctx: CommandContext, userId: string, events: AppNewEvent[]): Promise<void> {
  await ctx.store.append(chatStream(userId), withIds(ctx, events), 'any');
}
