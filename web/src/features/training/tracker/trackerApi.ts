import type { ExerciseLogSession } from '../../../../../contract/training/sessionAnswer';
import type { PlannedWorkout } from '../../../../../contract/training/regimenAnswer';
import { api, type Queued } from '../../../shared/api/api';
import { nextPageOf } from '../../../shared/api/http';

/** A plan exercise as the tracker loads it: the fields the spec lists, with its identity and next target. */
export type TrackerWorkout = PlannedWorkout;

/** docs/product.md#what-the-app-keeps-and-answers "Exercise log entry": what the tracker lists as completed and sends at the end. */
export interface CompletedExercise {
  workout_id: string;
  name: string;
  sets: number;
  reps_per_set: number;
  weight_used_lb: number;
  notes?: string;
}

export type { ExerciseLogSession };

/** One page of the Exercise Log and the address of the next (older) one; null on the last page. */
export interface ExerciseLogPage {
  sessions: ExerciseLogSession[];
  next: string | null;
}

const trackerApi = api.injectEndpoints({
  endpoints: (build) => ({
    startTrackerSession: build.mutation<{ sessionId: string }, string>({
      query: (regimenId) => ({ url: '/workout-session/start', method: 'POST', body: { regimenId } }),
      extraOptions: { queued: { what: 'Starting the workout', creates: 'sessionId' } } satisfies Queued,
      invalidatesTags: ['ActiveSession', 'Dashboard'],
    }),
    trackerWorkouts: build.query<TrackerWorkout[], string>({
      query: (regimenId) => `/workout-session/workouts/${encodeURIComponent(regimenId)}`,
      transformResponse: (value: unknown) => (Array.isArray(value) ? (value as TrackerWorkout[]) : []),
      // Each exercise's next target comes from the records, so a set or an exercise logged reads it again.
      providesTags: (_result, _error, regimenId) => [{ type: 'Regimens', id: regimenId }, 'Records'],
    }),
    endTrackerSession: build.mutation<unknown, { sessionId: string; totalDuration: number; completedExercises: CompletedExercise[] }>({
      query: (body) => ({ url: '/workout-session/end', method: 'PUT', body }),
      extraOptions: { queued: { what: 'Ending the workout' } } satisfies Queued,
      invalidatesTags: (_result, _error, { sessionId }) => [
        'ActiveSession',
        'ExerciseLogs',
        'Dashboard',
        'Progress',
        'Regimens',
        'Records',
        'ExerciseHistory',
        { type: 'SessionSets', id: sessionId },
      ],
    }),
    /**
     * The Exercise Log, a page at a time, newest first: the first page, then the page each one names in its Link
     * header. A change to the log (a session ended, an import or its undo) reads the first page again and drops the
     * older ones, which load again as the person scrolls to them.
     */
    exerciseLogs: build.infiniteQuery<ExerciseLogPage, void, string>({
      infiniteQueryOptions: {
        initialPageParam: '/exercise-logs',
        getNextPageParam: (last) => last.next,
        refetchCachedPages: false,
      },
      query: ({ pageParam }) => pageParam,
      transformResponse: (value: unknown, meta) => ({ sessions: Array.isArray(value) ? (value as ExerciseLogSession[]) : [], next: nextPageOf(meta?.link) }),
      providesTags: ['ExerciseLogs'],
    }),
  }),
});

/** Reads a plan's exercises ahead, so a workout begun offline can log them. */
export const usePrefetchTracker = trackerApi.usePrefetch;

export const {
  useStartTrackerSessionMutation,
  useTrackerWorkoutsQuery,
  useEndTrackerSessionMutation,
  useExerciseLogsInfiniteQuery,
} = trackerApi;
