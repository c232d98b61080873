import { decodeToken, signUpSubscriber } from '../support/accounts.js';
import { userClient } from '../support/client.js';
import type { TestServer } from '../support/server.js';
import { samplePlan } from './plan.js';

/** A signed-in user's calls (`test/support/client.ts`), and saving a workout plan. */
export function clientFor(server: TestServer, token: string, position = 0) {
  const client = userClient(server, token, position);
  return {
    ...client,
    userId: decodeToken(token).sub as string,
    async savePlan(overrides: Record<string, unknown> = {}): Promise<string> {
      const res = await client.post('/api/savePlan', samplePlan(overrides));
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
