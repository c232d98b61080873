import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../services/platform/config.js';
import { startSystem, type System } from '../../services/system.js';
import { removeTempDir, tempDir } from './common.js';
import { ROLES } from '../../contract/accounts/roles.js';
import { appendRoleGranted } from '../grantRole.js';
import { decodeToken, signupPayload } from '../support/signup.js';
import { jsonCall, type JsonCall } from '../support/http.js';
import { verificationLinkIn } from '../support/outbox.js';

export interface BenchSystem {
  url: string;
  system: System;
  dataDir: string;
  /** Moves the system's clock (the offset from real time), to lay down history over past days. */
  shiftClock(ms: number): void;
  call: JsonCall;
  /** Stops the server; its DATA_DIR is removed unless `keepData` (another process then serves it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
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
    call: jsonCall(url),
    async stop({ keepData = false } = {}) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await system.close();
      if (!keepData) removeTempDir(dataDir);
    },
  };
}

/** Through the real API: sign up, follow the link of the mail in DATA_DIR/outbox, log in. */
export async function signUpVerifiedUser(app: Pick<BenchSystem, 'call' | 'dataDir'>, email = `bench${Date.now()}@example.com`) {
  const payload = signupPayload({ email });
  const signup = await app.call('POST', '/api/signup-email', { json: payload });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const link = new URL(await verificationLinkIn(app.dataDir, email, 10_000));
  const verified = await app.call('GET', link.pathname + link.search);
  if (verified.status !== 302) throw new Error(`verify failed: ${verified.status} ${verified.text}`);
  const login = await app.call('POST', '/api/login', { json: { identifier: email, password: payload.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { token: login.body.token as string, email, payload };
}

/**
 * A subscriber (role 3, as `npm run admin` would append it; or staff, role 2, who pass the same guards) with a
 * primary workout and meal plan and two weeks of use behind them, a few sets logged in each session, so the
 * dashboard, progress, exercise-log and records endpoints answer from real history, not empty docs.
 */
export async function subscriberWithHistory(app: BenchSystem, role: number = ROLES.subscriber) {
  const user = await signUpVerifiedUser(app, `${role === ROLES.subscriber ? 'subscriber' : 'staff'}${Date.now()}@example.com`);
  await appendRoleGranted(app.system.events, decodeToken(user.token).sub, role, 'bench');
  // A token carries the role held when it was issued, and the web app's guards and pages go by it: signed in again,
  // the person is the subscriber (or staff) the screens are measured for, not a visitor sent to the welcome page.
  const login = await app.call('POST', '/api/login', { json: { identifier: user.email, password: user.payload.password } });
  if (login.status !== 200 || decodeToken(login.body.token as string).role !== role) throw new Error(`login after the role grant: ${login.status} ${login.text}`);
  user.token = login.body.token as string;
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
    for (const reps of [8, 8, 6]) await call('POST', '/api/workout-session/log-set', { sessionId, exercise: 'Squat', weightLb: 135 + i * 5, reps });
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
