import type { ProfileAnswer } from '../../../../contract/accounts/profileAnswer';
import { api } from '../api/api';

/**
 * GET /api/profile, the signed-in person's profile: the profile screen edits it, and every feature that counts
 * their days in their zone or weighs in their unit reads it, so its query lives here, once.
 */
const profileQuery = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<ProfileAnswer, void>({
      query: () => '/profile',
      providesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery } = profileQuery;
