import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the stand-in: a reply's content, or a raw status/body (errors), after an optional delay. */
export interface ScriptedAnswer {
  /** The assistant message's content (the model's JSON as text). */
  content?: string;
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
}

export interface ReceivedRequest {
  path: string;
  authorization: string | undefined;
  body: any;
}

/**
 * A local stand-in for an OpenAI-compatible server (POST /v1/chat/completions), started by the test on a free
 * port, so the real `openai` SDK speaks real HTTP to it. It answers from a script, in order, and keeps every request.
 */
export class OpenAiStandIn {
  readonly requests: ReceivedRequest[] = [];
  private script: ScriptedAnswer[] = [];
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  /** The answers to the next requests, in order; replaces what was left of the last script. */
  answers(...answers: ScriptedAnswer[]): this {
    this.script = answers;
    this.requests.length = 0;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    this.requests.push({ path: req.url, authorization: req.headers.authorization, body });
    const answer = this.script.shift() ?? { status: 500, body: { error: { message: 'the test scripted no answer for this request' } } };
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (res.destroyed) return;
    const json = answer.content !== undefined ? completion(body.model, answer.content) : answer.body;
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify(json));
  }
}

/** A chat completion as the API answers one. */
const completion = (model: string, content: string) => ({
  id: 'chatcmpl-standin',
  object: 'chat.completion',
  created: 1_763_478_000,
  model,
  choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
  usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
});

/** What a model writes as its structured reply. */
export const replyJson = (message: string, planData: unknown[] = []) => ({ content: JSON.stringify({ message, planData }) });

/** A workout plan as a model writes one under the reply schema (reps as text). */
export const modelWorkoutPlan = (overrides: Record<string, unknown> = {}) => ({
  planType: 'workout',
  name: 'Three-Day Starter',
  description: 'Full-body sessions to build a habit.',
  goal: 'Lose weight',
  level: 'Beginner',
  duration_weeks: 4,
  workouts: [
    { day: 1, summary: 'Full body A', exercises: [{ name: 'Goblet Squat', sets: 3, reps: '8-12', duration: 60 }, { name: 'Push-up', sets: 3, reps: '10', duration: 60 }] },
    { day: 2, summary: '', exercises: [{ name: 'Glute Bridge', sets: 3, reps: '12-15', duration: 45 }] },
  ],
  ...overrides,
});

/** A meal plan as a model writes one under the reply schema. */
export const modelMealPlan = (overrides: Record<string, unknown> = {}) => ({
  planType: 'meal',
  name: 'Balanced Week',
  description: 'Simple meals around 1,800 kcal.',
  diet_type: 'Balanced',
  calorie_goal: 1800,
  meals: [
    { day: 1, meal_time: 'Breakfast', meal: 'Oatmeal with berries', calories: 350, protein_grams: 12, carbs_grams: 60, fats_grams: 7, allergens: null },
    { day: 1, meal_time: 'Dinner', meal: 'Salmon with rice', calories: 600, protein_grams: 40, carbs_grams: 55, fats_grams: 22, allergens: 'fish' },
  ],
  ...overrides,
});
