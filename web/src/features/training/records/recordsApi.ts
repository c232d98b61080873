import { api, type Queued } from '../../../shared/api/api';
import { localIdOf, type QueuedCommand } from '../../../shared/offline/db';
import { registerPendingView } from '../../../shared/offline/pending';
import { KG_PER_LB } from './units';
import type {
  ExerciseHistory,
  ExerciseRecord,
  LoggedSet as ServedSet,
  NewRecord,
  RecentRecord,
  SessionSets as ServedSessionSets,
} from '../../../../../contract/training/recordsAnswer';

export type { ExerciseHistory, ExerciseRecord, NewRecord };

/** A set as the tracker shows it: as the server answered it, or kept on this device and not yet sent (`pending`). */
export type LoggedSet = ServedSet & { pending?: boolean };

/** GET /api/records/sessions/{id}, with the sets still waiting in the offline queue among them. */
export type SessionSets = Omit<ServedSessionSets, 'sets'> & { sets: Array<LoggedSet & { exercise: string; name: string }> };

export interface LogSet {
  /** Not sent: the exercise's key, to show the set under its exercise before the server has it (pendingSets). */
  key?: string;
  sessionId: string;
  exercise: string;
  weightLb?: number;
  weightKg?: number;
  /** Only what the exercise's kind measures (contract/training/exerciseKinds.ts): reps, or seconds (and a distance). */
  reps?: number;
  seconds?: number;
  distanceKm?: number;
  distanceMi?: number;
  rpe?: number;
  warmup?: boolean;
}

/** What a queued log-set shows before the server has it: the exercise's key, which only the server derives from the name. */
export interface ShownSet {
  exercise: string;
}

const DELETE = /^\/workout-session\/sets\/([^/]+)$/;

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
        weight_lb: kg ? Math.round((weight / KG_PER_LB) * 10) / 10 : weight,
        reps: b.reps ?? 0,
        ...(b.seconds !== undefined && { seconds: b.seconds }),
        ...(b.distanceKm !== undefined && { distance: b.distanceKm, distance_unit: 'km' as const }),
        ...(b.distanceMi !== undefined && { distance: b.distanceMi, distance_unit: 'mi' as const }),
        rpe: b.rpe ?? null,
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

/** A typed exercise's key is made on this device (`typed:…`); only the server knows the key it gets. */
const knownKey = (exercise: string | undefined) => (exercise && !exercise.startsWith('typed:') ? exercise : undefined);

/**
 * What a set logged or removed changes: its session's sets, its exercise's history (every history when its key is
 * not known here), and the lists of bests and recent records it may enter or leave.
 */
const setChanged = (sessionId: string, exercise: string | undefined) => {
  const key = knownKey(exercise);
  return [{ type: 'SessionSets' as const, id: sessionId }, key ? { type: 'ExerciseHistory' as const, id: key } : ('ExerciseHistory' as const), 'Records' as const];
};

/** Removing a set: the set, and the session and exercise it belongs to (which tags it changes). */
export interface DeleteSet {
  setId: string;
  sessionId: string;
  exercise: string;
}

/** A merge or its undo changes how every records answer reads the person's exercises: records, histories, sessions' sets. */
const mergesChanged = ['Records' as const, 'ExerciseHistory' as const, 'SessionSets' as const];

const recordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sessionSets: build.query<SessionSets, string>({
      query: (sessionId) => `/records/sessions/${encodeURIComponent(sessionId)}`,
      providesTags: (_result, _error, sessionId) => [{ type: 'SessionSets', id: sessionId }],
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
      providesTags: (_result, _error, exercise) => [{ type: 'ExerciseHistory', id: exercise }],
    }),
    logSet: build.mutation<{ setId: string; position: number; setNumber: number }, LogSet>({
      query: ({ key, ...body }) => ({ url: '/workout-session/log-set', method: 'POST', body, shown: key ? { exercise: key } : undefined }),
      extraOptions: { queued: { what: 'A logged set', creates: 'setId' } } satisfies Queued,
      invalidatesTags: (_result, _error, { sessionId, key }) => setChanged(sessionId, key),
    }),
    deleteSet: build.mutation<unknown, DeleteSet>({
      query: ({ setId }) => ({ url: `/workout-session/sets/${encodeURIComponent(setId)}`, method: 'DELETE' }),
      extraOptions: { queued: { what: 'Removing a set' } } satisfies Queued,
      invalidatesTags: (_result, _error, { sessionId, exercise }) => setChanged(sessionId, exercise),
    }),
    mergeExercise: build.mutation<{ position: number }, { exercise: string; into: string }>({
      query: (body) => ({ url: '/exercises/merge', method: 'POST', body }),
      invalidatesTags: mergesChanged,
    }),
    splitExercise: build.mutation<{ position: number }, { exercise: string }>({
      query: (body) => ({ url: '/exercises/split', method: 'POST', body }),
      invalidatesTags: mergesChanged,
    }),
  }),
});

export const {
  useSessionSetsQuery,
  useRecordsQuery,
  useRecentRecordsQuery,
  useExerciseHistoryQuery,
  useLogSetMutation,
  useDeleteSetMutation,
  useMergeExerciseMutation,
  useSplitExerciseMutation,
} = recordsApi;
