export type EarlyAccessPlan = 'monthly' | 'annual';

/**
 * The landing page's two calls need no token (docs/product.md#who-may-do-what), so they are plain fetches: the first page a visitor sees
 * loads without the api slice (RTK Query).
 */
const post = (path: string, body: unknown, init: RequestInit = {}) =>
  fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...init });

export type WaitlistAnswer = { ok: true } | { ok: false; error?: string; network?: true };

/** POST /api/waitlist {email, source: 'landing'}: ok, the server's `error`, or a network failure. */
export async function joinWaitlist(email: string): Promise<WaitlistAnswer> {
  let response: Response;
  try {
    response = await post('/api/waitlist', { email, source: 'landing' });
  } catch {
    return { ok: false, network: true };
  }
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  return { ok: false, error: typeof body.error === 'string' && body.error ? body.error : undefined };
}

/**
 * docs/product.md#the-calls: the early-access click is counted and its answer is not read; `keepalive` lets the request finish while
 * the browser moves on to /signup (what sendBeacon does, with a JSON body).
 */
export function countEarlyAccessClick(plan: EarlyAccessPlan): void {
  post('/api/metrics/early-access-click', { plan }, { keepalive: true }).catch(() => undefined);
}
