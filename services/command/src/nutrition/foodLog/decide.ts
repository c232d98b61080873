import { newEvent, type AppNewEvent } from '../../../../../events/catalog.js';
import { uuidFrom } from '../../../../../events/ids.js';
import { Rejected } from '../../../../../events/rejected.js';
import { FOOD_LOG } from '../../../../../contract/nutrition/foodLogLimits.js';
import type { MealTime } from '../../../../../contract/nutrition/mealTimes.js';
import type { Entry, FoodLog } from './foodLog.js';

export const NO_SUCH_ENTRY = 'No such food log entry';
export const NOTHING_TO_COPY = 'Nothing was logged for that meal on that day';

/** What one entry counts for, already worked out from the catalogue or typed by the person. */
export type EntryContent = Omit<Entry, 'entryId' | 'day' | 'mealTime'>;

export interface LogFood {
  userId: string;
  entryId: string;
  day: string;
  mealTime: MealTime;
  content: EntryContent;
  /** The planned meal eaten in its place, checked against the primary plan's day by the flow; null if none. */
  insteadOf: string | null;
  now: string;
  /** The person's calendar day at `now`: an entry may not be for a later day. */
  today: string;
}

const refuseFutureAndFullDays = (state: FoodLog, day: string, today: string, adding: number) => {
  if (day > today) throw new Rejected('invalid', 'date must not be after today');
  if (state.entries.filter((entry) => entry.day === day).length + adding > FOOD_LOG.entriesPerDay) {
    throw new Rejected('conflict', `A day holds at most ${FOOD_LOG.entriesPerDay} entries`);
  }
};

/** A food eaten on a day (not after today), at a meal time. The same entry id again is a retry: nothing new. */
export function logFood(state: FoodLog, { userId, entryId, day, mealTime, content, insteadOf, now, today }: LogFood): AppNewEvent[] {
  if (state.used.has(entryId)) return [];
  refuseFutureAndFullDays(state, day, today, 1);
  return [newEvent('FoodLogged', { entryId, userId, day, mealTime, ...content, insteadOfMealPlanMealId: insteadOf, loggedAt: now })];
}

/** Takes an entry back: undo, or a delete from the day's list. */
export function deleteEntry(state: FoodLog, { userId, entryId, now }: { userId: string; entryId: string; now: string }): AppNewEvent[] {
  const entry = state.entries.find((e) => e.entryId === entryId);
  if (!entry) throw new Rejected('not_found', NO_SUCH_ENTRY);
  return [newEvent('FoodLogEntryDeleted', { entryId, userId, day: entry.day, deletedAt: now })];
}

export interface CopyMeal {
  userId: string;
  fromDay: string;
  toDay: string;
  mealTime: MealTime;
  /** Names the copies: their ids derive from it, so a retried copy is recognised entry by entry. */
  copyId: string;
  now: string;
  today: string;
}

/** "Copy yesterday's lunch": every entry of one meal of a day, logged again on another day. */
export function copyMeal(state: FoodLog, { userId, fromDay, toDay, mealTime, copyId, now, today }: CopyMeal): AppNewEvent[] {
  const source = state.entries.filter((entry) => entry.day === fromDay && entry.mealTime === mealTime);
  if (source.length === 0) throw new Rejected('conflict', NOTHING_TO_COPY);
  const copies = source.map((entry) => ({ ...entry, entryId: uuidFrom(`${copyId}:${entry.entryId}`) })).filter((entry) => !state.used.has(entry.entryId));
  if (copies.length === 0) return [];
  refuseFutureAndFullDays(state, toDay, today, copies.length);
  return copies.map(({ entryId, day: _, mealTime: __, ...content }) =>
    newEvent('FoodLogged', { entryId, userId, day: toDay, mealTime, ...content, insteadOfMealPlanMealId: null, loggedAt: now }),
  );
}
