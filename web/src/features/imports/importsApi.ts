import { api } from '../../app/api';

/** What a file will bring in (the preview), or brought in (the import): the server's one summary of both. */
export interface ImportSummary {
  importId: string | null;
  source: 'strong' | 'hevy';
  workouts: number;
  sets: number;
  exercises: number;
  from: string | null;
  to: string | null;
  skipped: number;
  unmatched: string[];
  matched: { name: string; exercise: string; catalogName: string }[];
  /** In a preview: the earlier import of this very file, if any. */
  duplicateOf?: string | null;
}

export interface PastImport {
  import_id: string;
  source: 'strong' | 'hevy';
  file_name: string | null;
  workouts: number;
  sets: number;
  from: string | null;
  to: string | null;
  skipped: number;
  started_at: string;
  status: 'running' | 'completed' | 'undone';
}

export interface ImportRequest {
  file: string;
  name: string;
  remap: Record<string, string>;
}

const importUrl = ({ name, remap }: ImportRequest, dryRun: boolean) => {
  const query = new URLSearchParams({ name });
  if (dryRun) query.set('dryRun', '1');
  if (Object.keys(remap).length > 0) query.set('remap', JSON.stringify(remap));
  return `/imports?${query.toString()}`;
};

/** Everything an import shows up in: undoing or importing refreshes them all. */
const SHOWN_IN = ['Imports', 'ExerciseLogs', 'Records', 'Progress', 'Dashboard'] as const;

const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    imports: build.query<PastImport[], void>({
      query: () => '/imports',
      providesTags: ['Imports'],
    }),
    previewImport: build.mutation<ImportSummary, ImportRequest>({
      query: (request) => ({ url: importUrl(request, true), method: 'POST', body: request.file, headers: { 'Content-Type': 'text/csv' } }),
    }),
    importWorkouts: build.mutation<ImportSummary & { position: number }, ImportRequest>({
      query: (request) => ({ url: importUrl(request, false), method: 'POST', body: request.file, headers: { 'Content-Type': 'text/csv' } }),
      invalidatesTags: [...SHOWN_IN],
    }),
    undoImport: build.mutation<{ position: number }, string>({
      query: (importId) => ({ url: `/imports/${encodeURIComponent(importId)}`, method: 'DELETE' }),
      invalidatesTags: [...SHOWN_IN],
    }),
  }),
});

export const { useImportsQuery, usePreviewImportMutation, useImportWorkoutsMutation, useUndoImportMutation } = importsApi;
