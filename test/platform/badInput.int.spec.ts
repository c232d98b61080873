import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { signUpSubscriber } from '../support/accounts.js';

/** Every write and read of the API, with a valid id where the path takes one filled in at run time. */
export const ROUTES: Array<[method: string, path: string]> = [
  ['POST', '/api/signup-email'],
  ['POST', '/api/login'],
  ['POST', '/api/resend-verification'],
  ['GET', '/api/verify-email?token=%00%ff'],
  ['GET', '/api/profile'],
  ['PUT', '/api/profile'],
  ['POST', '/api/savePlan'],
];

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
  before(async () => {
    server = await startTestServer();
    ({ token } = await signUpSubscriber(server));
  });
  after(async () => server.stop());

  for (const [method, path] of ROUTES) {
    it(`${method} ${path}`, async () => {
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
