import { MAX_PLANS_PER_KIND } from '../../../../../contract/plans/planLimits';
import type { ListedRegimen } from '../../../../../contract/training/regimenAnswer';
import { api, type Queued } from '../../../shared/api/api';
import { registerPendingView } from '../../../shared/offline/pending';
import type { ActiveSession } from './activeSession';
import { pendingSession } from './pendingSession';

export type { ActiveSession };

const ACTIVE_SESSION = '/workouts/active-session';
registerPendingView(ACTIVE_SESSION, (data, waiting, instants) => pendingSession((data as ActiveSession | null) ?? null, waiting, instants));

/** A regimen as GET /api/workouts lists it; `reps` is shown as written (a number or a range). */
export type Regimen = ListedRegimen;

const ACTION_WHAT = { pause: 'Pausing the workout', resume: 'Resuming the workout', stop: 'Ending the workout' } as const;

/** A non-array answer counts as no plans (docs/product.md#the-calls). */
const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

const workoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every plan the account keeps, in one page (the list is paged; this many is its largest page). The plans page,
     * the tracker and the chat read this one list, so it is cached once; the server answers the same list at
     * `/workout-regimens` too (docs/product.md#the-calls), for clients that call it by that name.
     */
    regimens: build.query<Regimen[], void>({
      query: () => `/workouts?limit=${MAX_PLANS_PER_KIND}`,
      transformResponse: (value: unknown) => asList<Regimen>(value),
      providesTags: ['Regimens'],
    }),
    activeSession: build.query<ActiveSession | null, void>({
      query: () => ACTIVE_SESSION,
      providesTags: ['ActiveSession'],
    }),
    selectRegimen: build.mutation<unknown, string>({
      query: (id) => ({ url: `/user/regimens/${encodeURIComponent(id)}/select`, method: 'POST', body: {} }),
      invalidatesTags: ['Regimens', 'Dashboard', 'Profile'],
    }),
    deleteRegimen: build.mutation<unknown, string>({
      query: (id) => ({ url: `/user/regimens/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Regimens', 'Dashboard'],
    }),
    startPlanSession: build.mutation<{ sessionId: string }, string>({
      query: (regimenId) => ({ url: '/dashboard/start-workout', method: 'POST', body: { regimenId } }),
      extraOptions: { queued: { what: 'Starting the workout', creates: 'sessionId' } } satisfies Queued,
      invalidatesTags: ['ActiveSession', 'Dashboard'],
    }),
    sessionAction: build.mutation<unknown, { sessionId: string; action: 'pause' | 'resume' | 'stop' }>({
      query: ({ sessionId, action }) => ({ url: `/workouts/${encodeURIComponent(sessionId)}/${action}`, method: 'POST', body: {}, shown: { what: ACTION_WHAT[action] } }),
      extraOptions: { queued: { what: 'A change to the workout' } } satisfies Queued,
      invalidatesTags: (_result, _error, { sessionId, action }) =>
        action === 'stop'
          ? ['ActiveSession', 'Dashboard', 'Progress', 'ExerciseLogs', 'Regimens', 'Records', 'ExerciseHistory', { type: 'SessionSets', id: sessionId }]
          : ['ActiveSession'],
    }),
  }),
});

export const {
  useRegimensQuery,
  useActiveSessionQuery,
  useSelectRegimenMutation,
  useDeleteRegimenMutation,
  useStartPlanSessionMutation,
  useSessionActionMutation,
} = workoutsApi;
