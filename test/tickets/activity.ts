import { grantRole } from '../support/accounts.js';
import { succeeding } from '../support/client.js';
import type { TestServer } from '../support/server.js';

/** The tickets, waitlist and metrics part of a day of real use (for the replay tests). */
export async function ticketActivity(server: TestServer, token: string, adminToken: string): Promise<void> {
  await grantRole(server, token, 3);
  // Each call names its caller: the user, staff, or nobody (the public waitlist).
  const call = succeeding(server);
  const { ticketId } = await call('POST', '/api/ticket-report', { component: 'Dashboard', description: 'The week boxes look empty' }, token);
  await call('PUT', `/api/tickets/${ticketId}`, { status: 'In Progress' }, adminToken);
  await call('PUT', `/api/tickets/${ticketId}`, { status: 'Completed' }, adminToken);
  await call('POST', '/api/waitlist', { email: `friend${Math.random().toString(36).slice(2, 8)}@example.com`, source: 'landing' });
  await call('POST', '/api/metrics/early-access-click', { plan: 'annual' });
}
