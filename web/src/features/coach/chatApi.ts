import type { ChatHistoryAnswer } from '../../../../contract/coach/historyAnswer';
import { api } from '../../shared/api/api';
import type { PlanData } from './chatModes';

export type { ChatExchange, ChatHistoryAnswer } from '../../../../contract/coach/historyAnswer';

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
    /** One exercise of a saved plan swapped in place (the plan keeps its day and history). */
    swapInPlan: build.mutation<unknown, { regimenId: string; workoutId: string; name: string }>({
      query: ({ regimenId, ...body }) => ({ url: `/user/regimens/${encodeURIComponent(regimenId)}/swap`, method: 'POST', body }),
      invalidatesTags: ['Regimens', 'Dashboard'],
    }),
    /** A page of the current conversation from the log, newest last; `before` pages back. Always read fresh. */
    chatHistory: build.query<ChatHistoryAnswer, { before?: number }>({
      query: ({ before }) => ({ url: '/chat/history', params: before === undefined ? {} : { before } }),
      keepUnusedDataFor: 0,
    }),
    newConversation: build.mutation<{ position: number }, void>({
      query: () => ({ url: '/chat/conversations', method: 'POST', body: {} }),
    }),
  }),
});

export const { useSendChatMutation, useSavePlanMutation, useSwapInPlanMutation, useChatHistoryQuery, useLazyChatHistoryQuery, useNewConversationMutation } = chatApi;
