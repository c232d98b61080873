import { api } from '../../app/api';

export type EarlyAccessPlan = 'monthly' | 'annual';

const landingApi = api.injectEndpoints({
  endpoints: (build) => ({
    joinWaitlist: build.mutation<{ message: string }, { email: string; source: 'landing' }>({
      query: (body) => ({ url: '/waitlist', method: 'POST', body }),
    }),
  }),
});

export const { useJoinWaitlistMutation } = landingApi;

/**
 * Spec §7: the early-access click is counted without a token and its answer is not read; `keepalive` lets the
 * request finish while the browser moves on to /signup (what sendBeacon does, with a JSON body).
 */
export function countEarlyAccessClick(plan: EarlyAccessPlan): void {
  fetch('/api/metrics/early-access-click', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ plan }),
    keepalive: true,
  }).catch(() => undefined);
}
