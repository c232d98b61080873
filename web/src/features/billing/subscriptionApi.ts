import type { SubscriptionInterval } from '../../../../contract/billing/subscriptionPlan';
import type { TestCheckoutSession } from '../../../../contract/billing/checkoutAnswer';
import { api } from '../../shared/api/api';

export type { TestCheckoutSession };

const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCheckoutSession: build.mutation<{ url?: string }, { interval: SubscriptionInterval }>({
      query: (body) => ({ url: '/early-access/create-checkout-session', method: 'POST', body }),
    }),
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

export const { useCreateCheckoutSessionMutation, useConfirmSubscriptionMutation, useCancelSubscriptionMutation, useGetTestCheckoutQuery, usePayTestCheckoutMutation } = subscriptionApi;
