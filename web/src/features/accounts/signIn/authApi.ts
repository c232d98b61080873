import { api } from '../../../shared/api/api';
import type { signupPayload } from './signupForm';

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ token: string; position?: number }, { identifier: string; password: string }>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    resendVerification: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: '/resend-verification', method: 'POST', body }),
    }),
    signup: build.mutation<{ message: string }, ReturnType<typeof signupPayload>>({
      query: (body) => ({ url: '/signup-email', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation, useResendVerificationMutation, useSignupMutation } = authApi;
