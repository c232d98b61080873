import type { Device } from '../../../../../contract/accounts/deviceAnswer';
import { api } from '../../../shared/api/api';

export type { Device };

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<void, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
    }),
    logoutEverywhere: build.mutation<void, void>({
      query: () => ({ url: '/logout-all', method: 'POST' }),
    }),
    getDevices: build.query<Device[], void>({
      query: () => '/devices',
      providesTags: ['Devices'],
    }),
    signOutDevice: build.mutation<void, string>({
      query: (id) => ({ url: `/devices/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Devices'],
    }),
    changePassword: build.mutation<{ message: string; token: string }, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/password', method: 'PUT', body }),
    }),
    forgotPassword: build.mutation<{ message: string }, { identifier: string }>({
      query: (body) => ({ url: '/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ message: string }, { token: string; password: string }>({
      query: (body) => ({ url: '/reset-password', method: 'POST', body }),
    }),
    deleteAccount: build.mutation<{ message: string }, { password: string }>({
      query: (body) => ({ url: '/account', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useLogoutMutation,
  useLogoutEverywhereMutation,
  useGetDevicesQuery,
  useSignOutDeviceMutation,
  useChangePasswordMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useDeleteAccountMutation,
} = accountApi;
