import { expect } from 'chai';
import type { TestServer } from './server.js';

/** The body of an answer that must be a success (2xx); anything else fails the test, naming the call and the answer. */
function succeeded(method: string, path: string, answer: { status: number; body: any }) {
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * Requests that must succeed, for tests that set data up through the API: each answers its body. `bearer` is the
 * caller's token (none for a public endpoint), `token` by default.
 */
export const succeeding =
  (server: TestServer, token?: string) =>
  async (method: string, path: string, json?: unknown, bearer: string | undefined = token): Promise<any> =>
    succeeded(method, path, await server.call(method, path, { token: bearer, json }));

/**
 * A signed-in user's calls, with read-your-writes: every GET waits (X-Min-Position) for the position of the last
 * command this client sent, or of one made elsewhere that it was told of (`seen`).
 */
export function userClient(server: TestServer, token: string, position = 0) {
  let seen = position;
  /** Any request; the answer as it came. */
  const call = async (method: string, path: string, json?: unknown) => {
    const headers: Record<string, string> = method === 'GET' ? { 'X-Min-Position': String(seen) } : {};
    const res = await server.call(method, path, { json, token, headers });
    if (typeof res.body?.position === 'number') seen = Math.max(seen, res.body.position);
    return res;
  };
  return {
    token,
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, json?: unknown) => call('POST', path, json),
    put: (path: string, json?: unknown) => call('PUT', path, json),
    del: (path: string) => call('DELETE', path),
    /** A command that must succeed: its answer's body. */
    send: async (method: string, path: string, json?: unknown) => succeeded(method, path, await call(method, path, json)),
    /** A GET that must answer 200 from read models holding everything sent so far: its body. */
    async read(path: string) {
      const answer = await call('GET', path);
      expect(answer.status, `GET ${path}: ${JSON.stringify(answer.body)}`).to.equal(200);
      expect(answer.headers.get('x-read-stale')).to.equal(null);
      return answer.body;
    },
    /** After a command made elsewhere (a login, another client), wait for it too. */
    seen(at: number) {
      seen = Math.max(seen, at);
    },
  };
}
export type UserClient = ReturnType<typeof userClient>;
