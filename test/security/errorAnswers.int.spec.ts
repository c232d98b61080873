import { expect } from 'chai';
import { serverWithSubscriber } from '../support/accounts.js';
import { ROUTES } from '../support/routes.js';
import type { TestServer } from '../support/server.js';

/** Issue 18, item 5: an error answer is a sentence, never the request's own bytes sent back. */
describe('error answers never carry the request body (issue 18.5)', () => {
  let server: TestServer;
  let token: string;
  before(async () => ({ server, token } = await serverWithSubscriber()));
  after(async () => server.stop());

  // 33 levels of lists around a 99,000-character string: one past the depth limit, under the 100 kB body limit.
  const deep = '['.repeat(33) + '"' + 'a'.repeat(99_000) + '"' + ']'.repeat(33);

  it('POST /api/login with an over-deep body: a short 400 saying why, not the parser buffer', async () => {
    const before = await server.system.events.headPosition();
    const res = await server.call('POST', '/api/login', { body: deep });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ message: 'The JSON body is nested too deeply (more than 32 levels).' });
    expect(await server.system.events.headPosition()).to.equal(before);
  });

  it('POST /api/chat refuses an over-deep body with the same 400', async () => {
    const res = await server.call('POST', '/api/chat', { token, body: '{"message":' + '['.repeat(40) + ']'.repeat(40) + '}' });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/nested too deeply/);
  });

  for (const [method, path] of ROUTES.filter(([method]) => method !== 'GET')) {
    it(`${method} ${path}: the refusal of an over-deep body stays small`, async () => {
      const res = await server.call(method, path.replace(/:[a-z]+/i, '00000000-0000-4000-8000-000000000000'), { token, body: deep });
      expect(res.status).to.be.within(400, 499);
      expect(res.text.length).to.be.below(1000);
      expect(res.text).not.to.include('aaaaaaaa');
      expect(res.text).not.to.match(/"0":/);
    });
  }
});
