import { api, type Queued } from '../../app/api';
import { localIdOf, type QueuedCommand } from '../../app/offline/db';
import { registerPendingView } from '../../app/offline/pending';
import type { WeightUnit } from './units';

export interface LoggedSet {
  set_id: string;
  /** Kept on this device, not yet on the server (the offline queue). */
  pending?: boolean;
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
  /** Not sent: the exercise's key, to show the set under its exercise before the server has it (pendingSets). */
  key?: string;
  sessionId: string;
  exercise: string;
  weightLb?: number;
  weightKg?: number;
  reps: number;
  warmup?: boolean;
}

/** A queued log-set or set deletion shows at once (below), marked pending, before the server has it. */
/** What a queued log-set shows before the server has it: the exercise's key, which only the server derives from the name. */
export interface ShownSet {
  exercise: string;
}

const DELETE = /^\/workout-session\/sets\/([^/]+)$/;
const LB_PER_KG = 2.20462;

/**
 * A session's sets as the person should see them: the server's last answer (none for a session started offline)
 * with the sets still waiting on this device added, each marked pending, and the ones deleted here taken out.
 */
function pendingSets(sessionId: string, server: SessionSets | undefined, waiting: QueuedCommand[]): SessionSets {
  const view: SessionSets = server ? { ...server, sets: [...server.sets] } : { session_id: sessionId, sets: [], previous: {}, new_records: [] };
  for (const command of waiting) {
    const deleted = DELETE.exec(command.request.url);
    if (command.request.method === 'DELETE' && deleted) {
      const setId = decodeURIComponent(deleted[1]!);
      view.sets = view.sets.filter((s) => s.set_id !== setId);
    } else if (command.request.url === '/workout-session/log-set') {
      const b = command.request.body as LogSet;
      if (b.sessionId !== sessionId) continue;
      const kg = b.weightKg !== undefined;
      const weight = (kg ? b.weightKg : b.weightLb) ?? 0;
      view.sets.push({
        set_id: localIdOf(command.key),
        exercise: (command.shown as ShownSet | undefined)?.exercise ?? b.exercise,
        name: b.exercise,
        weight,
        unit: kg ? 'kg' : 'lb',
        weight_lb: kg ? Math.round(weight * LB_PER_KG * 10) / 10 : weight,
        reps: b.reps,
        rpe: null,
        warmup: b.warmup ?? false,
        at: command.at,
        pending: true,
      });
    }
  }
  return view;
}

const SESSION_SETS = /^\/records\/sessions\/([^/]+)$/;
registerPendingView(SESSION_SETS, (data, waiting, _instants, url) =>
  pendingSets(decodeURIComponent(SESSION_SETS.exec(url)![1]!), data as SessionSets | undefined, waiting),
);

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
      query: ({ key, ...body }) => ({ url: '/workout-session/log-set', method: 'POST', body, shown: key ? { exercise: key } : undefined }),
      extraOptions: { queued: { what: 'A logged set', creates: 'setId' } } satisfies Queued,
      invalidatesTags: ['Records'],
    }),
    deleteSet: build.mutation<unknown, string>({
      query: (setId) => ({ url: `/workout-session/sets/${encodeURIComponent(setId)}`, method: 'DELETE' }),
      extraOptions: { queued: { what: 'Removing a set' } } satisfies Queued,
      invalidatesTags: ['Records'],
    }),
  }),
});

export const { useSessionSetsQuery, useRecordsQuery, useRecentRecordsQuery, useExerciseHistoryQuery, useLogSetMutation, useDeleteSetMutation } = recordsApi;
