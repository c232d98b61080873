import { succeeding } from '../support/client.js';
import type { TestServer } from '../support/server.js';

/** The subscription part of a day of real use (for the replay tests): subscribe, cancel, subscribe again. */
export async function subscriptionActivity(server: TestServer, token: string): Promise<void> {
  const call = succeeding(server, token);
  const subscribe = async (interval: string) => {
    const { checkoutSessionId } = await call('POST', '/api/early-access/create-checkout-session', { interval });
    await call('POST', `/api/test-checkout/${checkoutSessionId}/pay`);
    await call('GET', `/api/subscribe/confirm-subscription?session_id=${checkoutSessionId}`);
  };
  await call('POST', '/api/early-access/create-checkout-session', { interval: 'annually' }); // left open
  await subscribe('monthly');
  server.clock.advance(3600 * 1000);
  await call('POST', '/api/subscribe/cancel-subscription', { reason: 'Other (no details)' });
  await subscribe('annually');
}
