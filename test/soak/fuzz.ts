import fc from 'fast-check';
import { grantRole, signUpSubscriber, signupPayload } from '../support/accounts.js';
import { ROUTES } from '../support/routes.js';
import type { TestServer } from '../support/server.js';
import { samplePlan } from '../workouts/plan.js';
import { gramsStylePlan } from '../meals/http.js';

export interface FuzzFigures {
  requests: number;
  byStatus: Record<number, number>;
  /** Requests answered 5xx: must be none. */
  serverErrors: Array<{ method: string; path: string; status: number; body: string }>;
  /** Refused (4xx) requests after which the log had moved: must be none. */
  refusedButAppended: Array<{ method: string; path: string; status: number }>;
}

/** Valid bodies of the write routes, which the fuzz then breaks field by field. */
const VALID: Array<Record<string, unknown>> = [
  signupPayload(),
  { identifier: 'someone@example.com', password: 'secret123' },
  { email: 'someone@example.com' },
  { name: 'Kim', age: 31, gender: 'Female', height: 66, weight: 150, targetWeight: 140, allergies: ['nuts'] },
  samplePlan(),
  gramsStylePlan(),
  { component: 'Chat', description: 'It broke' },
  { status: 'resolved', response: 'Fixed' },
  { email: 'visitor@example.com', source: 'landing' },
  { plan: 'monthly' },
  { regimenId: 'x' },
  { exerciseName: 'Squat', setNumber: 1, repsCompleted: 8, weightUsed: 100 },
];

const json = fc.jsonValue({ maxDepth: 4 });
/** A valid body with some of its fields (also nested ones, one level) replaced by any JSON, or added. */
const broken = fc
  .tuple(fc.constantFrom(...VALID), fc.dictionary(fc.string({ maxLength: 12 }), json, { maxKeys: 3 }), fc.array(fc.nat(), { maxLength: 3 }), json)
  .map(([valid, extra, picks, value]) => {
    const body: Record<string, unknown> = structuredClone(valid);
    const keys = Object.keys(body);
    for (const pick of picks) if (keys.length) body[keys[pick % keys.length]!] = value;
    return JSON.stringify({ ...body, ...extra });
  });
const body = fc.oneof(
  { weight: 5, arbitrary: broken },
  { weight: 3, arbitrary: json.map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.nat({ max: 3000 }).map((n) => '['.repeat(n) + ']'.repeat(n)) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
const segment = fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }).map(encodeURIComponent), fc.constantFrom('..%2F..', '%E0%A4%A', '%00', 'null', '0'));
const query = fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(fc.string({ maxLength: 30 }), fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 })), {
  maxKeys: 3,
});
const headers = fc.record(
  {
    'Idempotency-Key': fc.oneof(fc.uuid(), fc.string({ maxLength: 140 })),
    'X-Request-Id': fc.string({ maxLength: 300 }),
    // A position beyond the head makes a GET wait its 2 s for the projector: numbers stay small.
    'X-Min-Position': fc.oneof(fc.nat({ max: 5 }).map(String), fc.string({ maxLength: 20 })),
  },
  { requiredKeys: [] },
);

/**
 * Property-based fuzz of every route (test/support/routes.ts): body, query, path ids and headers drawn by fast-check,
 * sent by a signed-in staff user, a stranger or a forged token. Property: never a 5xx, and a refused request appends
 * nothing. Runs sequentially so the log's head tells what one request appended.
 */
export async function fuzzRoutes(server: TestServer, runs: number, seed?: number): Promise<FuzzFigures> {
  const { token } = await signUpSubscriber(server);
  await grantRole(server, token, 2);
  const send = async (method: string, path: string, json?: unknown) => (await server.call(method, path, { token, json })).body;
  const ids: Record<string, string> = {
    regimen: (await send('POST', '/api/savePlan', samplePlan())).regimenId,
    mealPlan: (await send('POST', '/api/savePlan', gramsStylePlan())).mealPlanId,
    ticket: (await send('POST', '/api/ticket-report', { component: 'Home', description: 'x' })).ticketId,
  };
  ids.session = (await send('POST', '/api/dashboard/start-workout', { regimenId: ids.regimen })).sessionId;
  const figures: FuzzFigures = { requests: 0, byStatus: {}, serverErrors: [], refusedButAppended: [] };
  const request = fc.record({
    route: fc.constantFrom(...ROUTES),
    realIds: fc.boolean(),
    segment,
    query,
    body,
    headers,
    auth: fc.constantFrom<'staff' | 'none' | 'forged'>('staff', 'staff', 'none', 'forged'),
  });
  await fc.assert(
    fc.asyncProperty(request, async ({ route: [method, template], realIds, segment, query, body, headers, auth }) => {
      const path = template.replace(/:(\w+)/g, (_, name: string) => (realIds ? ids[name]! : segment));
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) for (const item of [v].flat()) search.append(k, item);
      const url = search.size && !path.includes('?') ? `${path}?${search}` : path;
      const before = await server.system.events.headPosition();
      const res = await server.call(method, url, {
        body: method === 'GET' ? undefined : body,
        token: auth === 'staff' ? token : auth === 'forged' ? `${token.slice(0, -4)}AAAA` : undefined,
        headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v))),
      });
      figures.requests += 1;
      figures.byStatus[res.status] = (figures.byStatus[res.status] ?? 0) + 1;
      if (res.status >= 500) figures.serverErrors.push({ method, path: url, status: res.status, body: String(body).slice(0, 200) });
      if (res.status >= 400 && (await server.system.events.headPosition()) !== before) figures.refusedButAppended.push({ method, path: url, status: res.status });
      return res.status < 500;
    }),
    { numRuns: runs, seed, endOnFailure: false, verbose: 0 },
  ).catch(() => {
    /* the figures list every failing request; the caller asserts on them */
  });
  return figures;
}
