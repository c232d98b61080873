import type { TestCheckoutSession } from '../../../../contract/billing/checkoutAnswer';
import { api } from '../../app/api';

export type { TestCheckoutSession };

const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmSubscription: build.mutation<{ token?: string; position?: number }, string>({
      query: (sessionId) => ({ url: `/subscribe/confirm-subscription?session_id=${encodeURIComponent(sessionId)}` }),
      invalidatesTags: ['Profile', 'Dashboard', 'Regimens', 'MealPlans'],
    }),
    cancelSubscription: build.mutation<{ token?: string; position?: number }, { reason: string }>({
      query: (body) => ({ url: '/subscribe/cancel-subscription', method: 'POST', body }),
      invalidatesTags: ['Profile', 'Dashboard'],
    }),
    getTestCheckout: build.query<TestCheckoutSession, string>({
      query: (id) => `/test-checkout/${encodeURIComponent(id)}`,
    }),
    payTestCheckout: build.mutation<{ url: string }, string>({
      query: (id) => ({ url: `/test-checkout/${encodeURIComponent(id)}/pay`, method: 'POST' }),
    }),
  }),
});

export const { useConfirmSubscriptionMutation, useCancelSubscriptionMutation, useGetTestCheckoutQuery, usePayTestCheckoutMutation } = subscriptionApi;
