import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../services/platform/config.js';
import { startSystem, type System } from '../../services/system.js';
import { removeTempDir, tempDir } from './common.js';
import { appendRoleGranted } from '../grantRole.js';

export interface BenchSystem {
  url: string;
  system: System;
  dataDir: string;
  /** Moves the system's clock (the offset from real time), to lay down history over past days. */
  shiftClock(ms: number): void;
  call(method: string, path: string, options?: { json?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers; text: string }>;
  stop(): Promise<void>;
}

/** The real embedded system (startSystem) over a fresh temp DATA_DIR, listening on a free 127.0.0.1 port, silent. */
export async function startBenchSystem(): Promise<BenchSystem> {
  const dataDir = tempDir('system');
  const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  let offsetMs = 0;
  const system = await startSystem(config, { now: () => new Date(Date.now() + offsetMs) });
  const server: Server = await new Promise((resolve, reject) => {
    const s = system.app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    system,
    dataDir,
    shiftClock(ms) {
      offsetMs += ms;
    },
    async call(method, p, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.json);
      }
      const res = await fetch(url + p, { method, headers, body, redirect: 'manual' });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers, text };
    },
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await system.close();
      removeTempDir(dataDir);
    },
  };
}

export const signupPayload = (email: string) => ({
  email,
  password: 'secret123',
  age: 34,
  gender: 'Female',
  height: 66,
  weight: 160,
  targetWeight: 145,
  primaryGoal: 'Lose weight',
  weeklyWorkoutFrequency: 3,
  activityLevel: 'Moderately exercise',
  gymExperience: 0.25,
  helpPreferences: ['Daily workout plans', 'Gentle reminders'],
  accessibilityNeeds: '',
  timeZone: 'America/New_York',
});

async function verificationLink(dataDir: string, email: string, timeoutMs = 10_000): Promise<URL> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      const link = text.includes(`To: ${email}`) && /(https?:\/\/\S+\/api\/verify-email\?token=\S+)/.exec(text)?.[1];
      if (link) return new URL(link);
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Through the real API: sign up, follow the link of the mail in DATA_DIR/outbox, log in. */
export async function signUpVerifiedUser(app: BenchSystem, email = `bench${Date.now()}@example.com`) {
  const payload = signupPayload(email);
  const signup = await app.call('POST', '/api/signup-email', { json: payload });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const link = await verificationLink(app.dataDir, email);
  const verified = await app.call('GET', link.pathname + link.search);
  if (verified.status !== 302) throw new Error(`verify failed: ${verified.status} ${verified.text}`);
  const login = await app.call('POST', '/api/login', { json: { identifier: email, password: payload.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { token: login.body.token as string, email, payload };
}

/**
 * A subscriber (role 3, as `npm run admin` would append it) with a primary workout and meal plan and two weeks of
 * use behind them, so the dashboard and progress endpoints answer from real history, not empty docs.
 */
export async function subscriberWithHistory(app: BenchSystem) {
  const user = await signUpVerifiedUser(app, `subscriber${Date.now()}@example.com`);
  const userId = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()).sub as string;
  await appendRoleGranted(app.system.events, userId, 3, 'bench');
  const call = async (method: string, p: string, json?: unknown) => {
    const answer = await app.call(method, p, { token: user.token, json });
    if (answer.status >= 300) throw new Error(`${method} ${p}: ${answer.status} ${answer.text}`);
    return answer.body;
  };
  const { regimenId } = await call('POST', '/api/savePlan', {
    planType: 'workout',
    name: 'Bench regimen',
    description: 'Three days',
    goal: 'Strength',
    level: 'Beginner',
    duration_weeks: 4,
    workouts: [1, 2, 3].map((day) => ({ day, summary: `Day ${day} focus`, exercises: [{ name: 'Squat', sets: 3, reps: 8, duration: 60 }] })),
  });
  const { mealPlanId } = await call('POST', '/api/savePlan', {
    planType: 'meal',
    name: 'Bench meals',
    description: 'Two days',
    diet_type: 'Balanced',
    calorie_goal: 2000,
    meals: [1, 2].flatMap((day) =>
      ['Breakfast', 'Lunch', 'Dinner'].map((meal_time) => ({ day, meal_time, meal: `${meal_time} ${day}`, calories: 600, protein: 30, carbs: 60, fats: 20 })),
    ),
  });
  const DAY = 24 * 3600 * 1000;
  app.shiftClock(-14 * DAY);
  for (let i = 0; i < 14; i += 1) {
    app.shiftClock(DAY);
    const { sessionId } = await call('POST', '/api/dashboard/start-workout', { regimenId });
    await call('POST', `/api/workouts/${sessionId}/stop`);
    await call('POST', '/api/dashboard/advance-workout-day', { regimenId });
    const plans = await app.call('GET', '/api/meal-plans', { token: user.token });
    const plan = (plans.body as Array<{ meal_plan_id: string; current_day: number; meals: Array<{ meal_plan_meal_id: string; day_number: number }> }>).find(
      (p) => p.meal_plan_id === mealPlanId,
    )!;
    for (const meal of plan.meals.filter((m) => m.day_number === plan.current_day)) {
      await call('POST', '/api/dashboard/log-meal', { mealPlanMealId: meal.meal_plan_meal_id });
    }
    await call('POST', '/api/dashboard/advance-meal-day', { mealPlanId });
  }
  return user;
}
