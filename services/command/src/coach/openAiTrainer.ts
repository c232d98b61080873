import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { breachOf } from '../../../domain/coach/guard.js';
import type { CoachReply, CoachRequest, PlanData, Trainer } from '../../../domain/coach/types.js';
import { REPLY_JSON_SCHEMA, systemPrompt } from './prompt.js';
import { readReply, withRefusals } from './reply.js';
import { TrainerUnavailable } from './unavailable.js';

export interface OpenAiOptions {
  apiKey: string;
  /** Any OpenAI-compatible server; the SDK's default (api.openai.com) when absent. */
  baseURL?: string;
  model: string;
  timeoutMs: number;
}

/**
 * The trainer behind the OpenAI chat completions API, answering in a JSON-schema structured output. A reply that
 * does not read (not JSON, wrong shape, a plan savePlan would refuse) is asked for once more with what was wrong;
 * a second bad one, a timeout, a rate limit or a server error becomes a `TrainerUnavailable`, never a crash.
 */
export function openAiTrainer({ apiKey, baseURL, model, timeoutMs }: OpenAiOptions): Trainer {
  // No SDK retries: a rate limit or an outage is answered at once with when to try again, and a user's wait is
  // bounded by two calls (the one retry of a malformed reply).
  const client = new OpenAI({ apiKey, baseURL, timeout: timeoutMs, maxRetries: 0 });

  async function complete(messages: ChatCompletionMessageParam[]): Promise<{ content: string; candidate: unknown }> {
    try {
      const completion = await client.chat.completions.create({
        model,
        messages,
        response_format: { type: 'json_schema', json_schema: { name: 'trainer_reply', strict: true, schema: REPLY_JSON_SCHEMA } },
      });
      const choice = completion.choices[0]?.message;
      // A refusal is the model's answer in words, with no plan.
      if (choice?.refusal) return { content: choice.refusal, candidate: { message: choice.refusal, planData: [] } };
      const content = choice?.content ?? '';
      return { content, candidate: parseJson(content) };
    } catch (error) {
      throw unavailable(error, timeoutMs);
    }
  }

  return {
    kind: 'openai',
    model,
    async reply(request: CoachRequest): Promise<CoachReply> {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: systemPrompt(request) },
        ...request.history.map((turn) => ({ role: turn.role, content: turn.content })),
        { role: 'user', content: request.message },
      ];
      const forPerson = (plan: PlanData) => breachOf(plan, request);
      const first = await complete(messages);
      const reading = readReply(first.candidate, forPerson);
      if (reading.ok && reading.refused.length === 0) return reading.reply;
      const problem = reading.ok ? reading.refused.join('; ') : reading.problem;
      const again = await complete([
        ...messages,
        { role: 'assistant', content: first.content },
        { role: 'user', content: `That answer could not be used (${problem}). Answer the same question again as the JSON object described.` },
      ]);
      const second = readReply(again.candidate, forPerson);
      // A plan unsafe twice is not offered: the message goes on, saying why.
      if (second.ok) return withRefusals(second);
      throw new TrainerUnavailable(502, 'The AI trainer sent an answer we could not read. Please try again.', `malformed reply twice: ${second.problem}`);
    },
  };
}

/** Not JSON reads as what it is, so the reply check names the problem. */
function parseJson(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return `not JSON: ${content.slice(0, 80)}`;
  }
}

/** The provider's trouble as the chat words it: 503 when waiting helps (with how long, where known), else 502. */
function unavailable(error: unknown, timeoutMs: number): unknown {
  if (error instanceof APIConnectionTimeoutError) {
    return new TrainerUnavailable(503, 'The AI trainer is taking too long to answer right now. Please try again in a moment.', `timeout after ${timeoutMs} ms`);
  }
  if (error instanceof APIConnectionError) {
    return new TrainerUnavailable(503, 'The AI trainer cannot be reached right now. Please try again in a few minutes.', `connection failed: ${error.message}`);
  }
  if (!(error instanceof APIError)) return error;
  const wait = retryAfterSeconds(error.headers as Headers | undefined);
  if (error.status === 429) {
    const when = wait ? `in ${wait} second${wait === 1 ? '' : 's'}` : 'in a minute';
    return new TrainerUnavailable(503, `The AI trainer is busy right now. Please try again ${when}.`, 'provider rate limited (429)', wait ?? 60);
  }
  if (error.status !== undefined && error.status >= 500) {
    return new TrainerUnavailable(502, 'The AI trainer had a problem answering. Please try again in a moment.', `provider error ${error.status}`, wait);
  }
  // 400, 401, 403, 404 from the provider are ours to fix (key, model, request): the user can only come back later.
  return new TrainerUnavailable(502, 'The AI trainer is not available right now. Please try again later.', `provider refused the request (${error.status}): ${error.message}`);
}

/** `retry-after-ms`, or `retry-after` in seconds or as an HTTP date; undefined when the provider did not say. */
function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return Math.ceil(ms / 1000);
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}
