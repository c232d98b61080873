import type { EventLog, RecordedEvent } from '../../../../../events/store/port.js';
import { chunksOf } from '../../chunks.js';
import { InMemoryFold } from '../../fold.js';
import { mealPlansProjection, type MealPlanView } from '../../nutrition/api.js';
import { factsOf, primaryMealPlanKey, screensProjection, type ScreensDoc, type UserFacts } from '../../progress/api.js';
import { projections } from '../../projections.js';
import { importedSessionsProjection, sessionMonthsProjection, userSessions, type ImportedSessionsDoc, type SessionMonthDoc } from '../../training/api.js';

/**
 * One user's history folded in memory by the live projections themselves (every projection whose doc for the event
 * is the user's own, or one of their chunks), so "as of a day" and the export apply no rule of their own. `until` leaves out what was
 * decided after that instant; `only` folds those projections alone (`userFold`).
 */
export function foldUser(userId: string, events: RecordedEvent[], until?: Date, only?: readonly string[]) {
  const fold = userFold(userId, only);
  const limit = until?.toISOString();
  for (const event of events) if (limit === undefined || event.metadata.at <= limit) fold.apply(event);
  return fold;
}

/**
 * An empty fold of one user's docs by the live projections (or by those of them named in `only`), for a caller that
 * applies the user's events itself, page by page.
 */
export function userFold(userId: string, only?: readonly string[]): InMemoryFold {
  const chunks = chunksOf(userId);
  return new InMemoryFold(only ? projections.filter((p) => only.includes(p.name)) : projections, (_projection, key) => key === userId || key.startsWith(chunks));
}

/** The facts the dashboard and progress read, from a fold of the user's events (undefined before they signed up). */
export function userFactsFrom(fold: InMemoryFold, userId: string): UserFacts | undefined {
  const doc = fold.get<ScreensDoc>(screensProjection.name, userId);
  const primary = primaryMealPlanKey(doc);
  return doc && factsOf(doc, primary ? fold.get<MealPlanView>(mealPlansProjection.name, primary) : undefined);
}

/** The user's sessions, imported ones of completed imports laid in, as the live readers see them. */
export const sessionsFrom = (fold: InMemoryFold, userId: string) =>
  userSessions(fold.range<SessionMonthDoc>(sessionMonthsProjection.name, chunksOf(userId)), fold.range<ImportedSessionsDoc>(importedSessionsProjection.name, chunksOf(userId)));

/** The facts the dashboard and progress read, as they stood at `until`: the user's events up to then, folded by their projection and the meal plans' alone. */
export async function userFactsAsOf(events: EventLog, userId: string, until: Date): Promise<UserFacts | undefined> {
  return userFactsFrom(foldUser(userId, await events.readUser(userId), until, [screensProjection.name, mealPlansProjection.name]), userId);
}
