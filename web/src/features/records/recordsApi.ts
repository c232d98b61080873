import { api } from '../../app/api';
import type { WeightUnit } from './units';

export interface LoggedSet {
  set_id: string;
  weight: number;
  unit: WeightUnit;
  weight_lb: number;
  reps: number;
  rpe: number | null;
  warmup: boolean;
  at: string;
}

export interface NewRecord {
  exercise: string;
  name: string;
  kind: 'e1rm' | 'weight' | 'volume';
  value_lb: number;
  previous_lb: number;
  weight: number;
  unit: WeightUnit;
  reps: number;
  set_id: string;
  achieved_at: string;
  session_id?: string;
}

/** GET /api/records/sessions/{id}: the session's sets so far, each exercise's previous session, what it broke. */
export interface SessionSets {
  session_id: string;
  sets: Array<LoggedSet & { exercise: string; name: string }>;
  previous: Record<string, { name: string; date: string; sets: LoggedSet[] }>;
  new_records: NewRecord[];
}

export interface ExerciseRecord {
  exercise: string;
  name: string;
  best_weight_lb: number | null;
  best_weight: { value: number; unit: WeightUnit } | null;
  best_e1rm_lb: number | null;
  best_reps_at_weight: number | null;
  best_volume_lb: number | null;
  achieved_at: string | null;
  set_id: string | null;
  /** Where the headline record was set: in this app, or in an import from another. */
  source?: 'app' | 'strong' | 'hevy';
}

export interface ExerciseHistory {
  exercise: string;
  name: string;
  sessions: Array<{
    session_id: string;
    date: string;
    top_set: { set_id: string; weight: number; unit: WeightUnit; weight_lb: number; reps: number };
    e1rm_lb: number | null;
    volume_lb: number;
    record: boolean;
  }>;
}

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
    recentRecords: build.query<NewRecord[], void>({
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
