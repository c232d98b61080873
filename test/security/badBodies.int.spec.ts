import { expect } from 'chai';
import type { TestServer } from '../support/server.js';
import { serverWithSubscriber } from '../support/accounts.js';

/** Issue 9, item 2: a crafted body is a 400 naming the field, never a 500, and is never stored half-understood. */
describe('crafted bodies (issue 9.2)', () => {
  let server: TestServer;
  let token: string;
  // A subscriber: /api/savePlan checks the role (and the hour's saves) before it reads a body at all.
  before(async () => ({ server, token } = await serverWithSubscriber()));
  after(async () => server.stop());

  const profile = (overrides: Record<string, unknown>) => ({ name: 'Kim', age: 31, gender: 'Female', height: 66, weight: 150, targetWeight: 140, ...overrides });

  for (const [what, allergies] of [
    ['an object whose toString is not a function', [{ toString: 1 }]],
    ['an empty object', [{}]],
    ['a nested list', [['nuts']]],
  ] as const) {
    it(`answers 400 naming allergies for ${what}, and appends nothing`, async () => {
      const before = await server.system.events.headPosition();
      const res = await server.call('PUT', '/api/profile', { token, json: profile({ allergies }) });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/^allergies: /);
      expect(await server.system.events.headPosition()).to.equal(before);
    });
  }

  it('still takes allergies as a list of names', async () => {
    const res = await server.call('PUT', '/api/profile', { token, json: profile({ allergies: ['nuts', 'milk'] }) });
    expect(res.status).to.equal(200);
  });

  // The small public bodies (2 kB, 1 kB) are refused by size before depth at 5,000; 300 deep fits in them.
  for (const [path, method, depth] of [
    ['/api/profile', 'PUT', 5000],
    ['/api/login', 'POST', 5000],
    ['/api/savePlan', 'POST', 5000],
    ['/api/waitlist', 'POST', 300],
    ['/api/metrics/early-access-click', 'POST', 300],
  ] as const) {
    it(`answers 400 at the parser for a body nested ${depth} deep on ${method} ${path}`, async () => {
      const before = await server.system.events.headPosition();
      const res = await server.call(method, path, { token, body: '['.repeat(depth) + ']'.repeat(depth) });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/nested too deeply/);
      expect(await server.system.events.headPosition()).to.equal(before);
    });
  }

  it('takes a body nested a little (objects in lists in objects)', async () => {
    const res = await server.call('POST', '/api/login', { body: JSON.stringify({ identifier: 'a@b.co', password: 'x', extra: [[{ a: [1] }]] }) });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/unknown field extra/);
  });
});
