import { decodeToken, signUpSubscriber } from '../support/accounts.js';
import type { TestServer } from '../support/server.js';
import { samplePlan } from './plan.js';

/** A signed-in user's calls; every GET waits for the position of the user's last command (read-your-writes). */
export function clientFor(server: TestServer, token: string, position = 0) {
  let seen = position;
  const call = async (method: string, path: string, json?: unknown) => {
    const headers: Record<string, string> = method === 'GET' ? { 'X-Min-Position': String(seen) } : {};
    const res = await server.call(method, path, { json, token, headers });
    if (typeof res.body?.position === 'number') seen = Math.max(seen, res.body.position);
    return res;
  };
  return {
    token,
    userId: decodeToken(token).sub as string,
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, json?: unknown) => call('POST', path, json),
    put: (path: string, json?: unknown) => call('PUT', path, json),
    del: (path: string) => call('DELETE', path),
    async savePlan(overrides: Record<string, unknown> = {}): Promise<string> {
      const res = await call('POST', '/api/savePlan', samplePlan(overrides));
      if (res.status !== 201) throw new Error(`savePlan: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.regimenId;
    },
  };
}
export type Client = ReturnType<typeof clientFor>;

export async function subscriber(server: TestServer): Promise<Client> {
  const { token, position } = await signUpSubscriber(server);
  return clientFor(server, token, position);
}
