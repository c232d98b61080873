import type { EventLog } from '../../../../events/store/port.js';
import { InMemoryFold } from '../fold.js';
import {
  analyticsDaysProjection,
  analyticsImportedWorkoutsProjection,
  analyticsImportsProjection,
  analyticsProjections,
  analyticsSessionsProjection,
  analyticsTicketsProjection,
  analyticsUsersProjection,
  utcDay,
} from './projections.js';
import type { AnalyticsDocs } from './series.js';

const PAGE = 5000;

/**
 * Folds the log into the analytics read models in memory (nothing stored, the live read models untouched), with
 * the projections the projector keeps live. With `to`, events decided after that UTC day are left out; everything
 * before `from` is still folded, since running totals (active subscribers, verified accounts) depend on it.
 */
export async function replayAnalytics(
  events: EventLog,
  options: { to?: string; onProgress?: (position: number, head: number) => void } = {},
): Promise<{ docs: AnalyticsDocs; events: number; read: number }> {
  const fold = new InMemoryFold(analyticsProjections);
  const head = await events.headPosition();
  const types = fold.types;
  let after = 0;
  let read = 0;
  for await (const page of events.readPages(0, PAGE, types)) {
    for (const event of page) if (options.to === undefined || utcDay(event.metadata.at) <= options.to) fold.apply(event);
    read += page.length;
    after = page[page.length - 1]!.position;
    options.onProgress?.(after, head);
    if (after >= head) break;
  }
  // `events`: the log replayed (its head); `read`: how many of them are of a type the analytics read.
  return { docs: docsOf(fold), events: Math.max(after, head), read };
}

/** The analytics docs a fold holds, as the series read them. */
export const docsOf = (fold: InMemoryFold): AnalyticsDocs => ({
  days: fold.list(analyticsDaysProjection.name),
  users: fold.list(analyticsUsersProjection.name),
  tickets: fold.list(analyticsTicketsProjection.name),
  sessions: fold.list(analyticsSessionsProjection.name),
  imports: fold.list(analyticsImportsProjection.name),
  importedWorkouts: fold.list(analyticsImportedWorkoutsProjection.name),
});
