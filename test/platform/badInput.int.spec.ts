import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { grantRole, signUpSubscriber } from '../support/accounts.js';
import { samplePlan } from '../workouts/plan.js';
import { gramsStylePlan } from '../meals/http.js';
import { ROUTES } from '../support/routes.js';

const BODIES: Array<string> = [
  '',
  'null',
  '[]',
  '"just a string"',
  '12345',
  'true',
  '{',
  '{"a":1}',
  JSON.stringify({ __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } }),
  JSON.stringify({ email: ['x@y.z'], password: { $gt: '' }, identifier: { $ne: null }, age: 1e308, height: -1e308, weight: NaN }),
  JSON.stringify({ name: '\u0000\uffff\ud800', description: 'x'.repeat(50_000), planType: 'workout', workouts: 'many' }),
  JSON.stringify({ planType: 'meal', meals: [{}], name: 7 }),
  JSON.stringify(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]))),
  JSON.stringify(JSON.parse('{"a":'.repeat(200) + '1' + '}'.repeat(200))),
];

describe('bad input never gives a 500 and never shows a stack', () => {
  let server: TestServer;
  let token: string;
  const ids: Record<string, string> = {};
  before(async () => {
    server = await startTestServer({ LOG_LEVEL: 'silent' });
    ({ token } = await signUpSubscriber(server));
    await grantRole(server, token, 2); // staff: every route is open to it, so bodies reach the parsers
    const send = async (method: string, path: string, json?: unknown) => (await server.call(method, path, { token, json })).body;
    ids.regimen = (await send('POST', '/api/savePlan', samplePlan())).regimenId;
    ids.mealPlan = (await send('POST', '/api/savePlan', gramsStylePlan())).mealPlanId;
    ids.session = (await send('POST', '/api/dashboard/start-workout', { regimenId: ids.regimen })).sessionId;
    ids.ticket = (await send('POST', '/api/ticket-report', { component: 'Home', description: 'x' })).ticketId;
    expect(Object.values(ids).every((id) => typeof id === 'string')).to.equal(true);
  });
  after(async () => server.stop());

  for (const [method, template] of ROUTES) {
    it(`${method} ${template}`, async () => {
      const path = template.replace(/:(\w+)/g, (_, name: string) => ids[name]!);
      for (const auth of [undefined, token, 'garbage']) {
        for (const body of method === 'GET' ? [undefined] : BODIES) {
          const res = await server.call(method, path, { body, token: auth });
          const text = JSON.stringify(res.body ?? '');
          expect(res.status, `${method} ${path} ${body?.slice(0, 40)}`).to.be.below(500);
          expect(text).to.not.match(/at .*\.(ts|js):\d+/);
        }
      }
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    });
  }
});
