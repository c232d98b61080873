import { api } from '../../shared/api/api';
import type { DateOrder, ImportAnswer, PastImport, PreviewAnswer } from '../../../../contract/imports/importAnswer';

export type { PastImport, PreviewAnswer };

/** The file's names the person matched: to one of our exercises by its name, or (null) kept as their own. */
export type Remap = Record<string, string | null>;

export interface ImportRequest {
  file: string;
  name: string;
  remap: Remap;
  /** The unit chosen for weights the file gives none for; the server's own reading when absent. */
  unit?: 'kg' | 'lb';
  /** The order of day and month for slashed dates the file leaves open. */
  dates: DateOrder;
}

const importUrl = ({ name, remap, unit, dates }: ImportRequest, dryRun: boolean) => {
  const query = new URLSearchParams({ name });
  if (dryRun) query.set('dryRun', '1');
  if (unit) query.set('unit', unit);
  query.set('dates', dates);
  if (Object.keys(remap).length > 0) query.set('remap', JSON.stringify(remap));
  return `/imports?${query.toString()}`;
};

/** Everything an import shows up in: undoing or importing refreshes them all. */
const SHOWN_IN = ['Imports', 'ExerciseLogs', 'Records', 'SessionSets', 'ExerciseHistory', 'Progress', 'Dashboard'] as const;

const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    imports: build.query<PastImport[], void>({
      query: () => '/imports',
      providesTags: ['Imports'],
    }),
    previewImport: build.mutation<PreviewAnswer, ImportRequest>({
      query: (request) => ({ url: importUrl(request, true), method: 'POST', body: request.file, headers: { 'Content-Type': 'text/csv' } }),
    }),
    importWorkouts: build.mutation<ImportAnswer, ImportRequest>({
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
