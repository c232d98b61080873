import { api } from '../../app/api';
import type { PlanData } from './chatModes';

interface ChatRequest {
  message: string;
  recentHistory: Array<{ role: 'user' | 'assistant'; content: string }>;
  useMealPlan: boolean;
  useWorkoutPlan: boolean;
}

const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendChat: build.mutation<unknown, ChatRequest>({
      query: (body) => ({ url: '/chat', method: 'POST', body }),
    }),
    savePlan: build.mutation<unknown, PlanData>({
      query: (plan) => ({ url: '/savePlan', method: 'POST', body: plan }),
      invalidatesTags: ['Regimens', 'MealPlans', 'Dashboard', 'Progress'],
    }),
  }),
});

export const { useSendChatMutation, useSavePlanMutation } = chatApi;
