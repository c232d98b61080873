import { api } from '../../app/api';
import type { ExerciseHistory, ExerciseRecord, RecentRecord, SessionSets } from '../../../../services/query/src/records/recordsAnswer';

export type { ExerciseHistory, LoggedSet, NewRecord } from '../../../../services/query/src/records/recordsAnswer';

export interface LogSet {
  sessionId: string;
  exercise: string;
  weightLb?: number;
  weightKg?: number;
  reps: number;
  warmup?: boolean;
}

const recordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sessionSets: build.query<SessionSets, string>({
      query: (sessionId) => `/records/sessions/${encodeURIComponent(sessionId)}`,
      providesTags: ['Records'],
    }),
    records: build.query<ExerciseRecord[], void>({
      query: () => '/records',
      providesTags: ['Records'],
    }),
    recentRecords: build.query<RecentRecord[], void>({
      query: () => '/records/recent',
      providesTags: ['Records'],
    }),
    exerciseHistory: build.query<ExerciseHistory, string>({
      query: (exercise) => `/records/${encodeURIComponent(exercise)}/history`,
      providesTags: ['Records'],
    }),
    logSet: build.mutation<{ setId: string; position: number; setNumber: number }, LogSet>({
      query: (body) => ({ url: '/workout-session/log-set', method: 'POST', body }),
      invalidatesTags: ['Records'],
    }),
    deleteSet: build.mutation<unknown, string>({
      query: (setId) => ({ url: `/workout-session/sets/${encodeURIComponent(setId)}`, method: 'DELETE' }),
      invalidatesTags: ['Records'],
    }),
  }),
});

export const { useSessionSetsQuery, useRecordsQuery, useRecentRecordsQuery, useExerciseHistoryQuery, useLogSetMutation, useDeleteSetMutation } = recordsApi;
