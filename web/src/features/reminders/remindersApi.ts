import type { PushSubscriptionInput, ReminderSettings, ReminderSettingsAnswer } from '../../../../contract/reminders/settings';
import { api } from '../../shared/api/api';

const remindersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReminders: build.query<ReminderSettingsAnswer, void>({
      query: () => '/reminders',
      providesTags: ['Reminders'],
    }),
    saveReminders: build.mutation<{ message: string; position: number }, ReminderSettings>({
      query: (body) => ({ url: '/reminders', method: 'PUT', body }),
      invalidatesTags: ['Reminders'],
    }),
    subscribePush: build.mutation<{ deviceId: string; position: number }, PushSubscriptionInput>({
      query: (body) => ({ url: '/push-subscriptions', method: 'POST', body }),
      invalidatesTags: ['Reminders'],
    }),
  }),
});

export const { useGetRemindersQuery, useSaveRemindersMutation, useSubscribePushMutation } = remindersApi;
