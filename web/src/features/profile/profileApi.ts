import type { SubscriptionInterval } from '../../../../contract/billing/subscriptionPlan';
import { api } from '../../app/api';
import type { Profile, profilePayload } from './profileForm';

const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => '/profile',
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<{ message: string; position?: number }, ReturnType<typeof profilePayload>>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      invalidatesTags: ['Profile', 'Dashboard', 'Progress'],
    }),
    createCheckoutSession: build.mutation<{ url?: string }, { interval: SubscriptionInterval }>({
      query: (body) => ({ url: '/early-access/create-checkout-session', method: 'POST', body }),
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useCreateCheckoutSessionMutation } = profileApi;
