import { chatStream } from '../../events/streams.js';
import { decodeToken } from '../support/accounts.js';
import type { TestServer } from '../support/server.js';

/** The chat request body as the spec's client sends it (docs/product.md#the-calls). */
export const ask = (message: string, fields: Record<string, unknown> = {}) => ({ message, recentHistory: [], useMealPlan: false, useWorkoutPlan: false, ...fields });

/** The events of a user's chat stream, as `{type, data}` (ids and times left out where a test does not state them). */
export async function chatEvents(server: TestServer, token: string) {
  const events = await server.system.events.readStream(chatStream(decodeToken(token).sub));
  return events.map((e) => ({ type: e.type, data: e.data as Record<string, any> }));
}
