import { api } from '../../../shared/api/api';
import type { profilePayload } from './profileForm';

const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<{ message: string; position?: number }, ReturnType<typeof profilePayload>>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      invalidatesTags: ['Profile', 'Dashboard', 'Progress'],
    }),
  }),
});

export const { useUpdateProfileMutation } = profileApi;
