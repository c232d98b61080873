import { api } from '../../app/api';
import type { Profile, profilePayload } from './profileForm';

export type CheckoutInterval = 'monthly' | 'annually';

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
    createCheckoutSession: build.mutation<{ url?: string }, { interval: CheckoutInterval }>({
      query: (body) => ({ url: '/early-access/create-checkout-session', method: 'POST', body }),
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useCreateCheckoutSessionMutation } = profileApi;
