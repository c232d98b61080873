// Each function from its own module: the package's index loads every one of its some 250 modules.
import { addDays as addToDate } from 'date-fns/addDays';
import { addMonths as addMonthsToDate } from 'date-fns/addMonths';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { formatISO } from 'date-fns/formatISO';
import { getISODay } from 'date-fns/getISODay';
import { parseISO } from 'date-fns/parseISO';
import { LRUCache } from 'lru-cache';

/**
 * Calendar arithmetic on local dates ('YYYY-MM-DD'), by date-fns. A local date is a day in the user's zone; once an
 * instant has been turned into one (`localDate`), days are counted on the calendar, so no daylight-saving shift can
 * skip or repeat a day.
 */
const dayOf = (date: Date) => formatISO(date, { representation: 'date' });

/** Answers remembered, least recently used out first: the same few days (this week, the last month, login days) are added to on every read. */
const added = new LRUCache<string, string>({ max: 100_000 });

export const addDays = (day: string, days: number) => {
  const key = `${day}${days}`;
  let result = added.get(key);
  if (result === undefined) added.set(key, (result = dayOf(addToDate(parseISO(day), days))));
  return result;
};

/** 0 for Monday … 6 for Sunday: the spec's week runs Monday to Sunday. */
export const weekdayIndex = (day: string) => getISODay(parseISO(day)) - 1;

export const mondayOf = (day: string) => addDays(day, -weekdayIndex(day));

export const daysBetween = (from: string, to: string) => differenceInCalendarDays(parseISO(to), parseISO(from));

/** Same day of the month `months` earlier, clamped to the month's end (3 months before 31 May is 28/29 Feb). */
export const addMonths = (day: string, months: number) => dayOf(addMonthsToDate(parseISO(day), months));


/** The longest run of consecutive days in `days` (ascending, each once). */
export function longestStreak(days: readonly string[]): number {
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of days) {
    run = previous && daysBetween(previous, day) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  return longest;
}

/** Consecutive days of `days` (ascending, each once) ending today, or yesterday when today is not one of them. */
export function currentStreak(days: readonly string[], today: string): number {
  const has = (day: string) => placeIn(days, day).found;
  let current = 0;
  let cursor = has(today) ? today : addDays(today, -1);
  while (has(cursor)) {
    current += 1;
    cursor = addDays(cursor, -1);
  }
  return current;
}

/** Which of this week's days (0 Monday … 6 Sunday) have an entry. */
export function weekDays(days: readonly string[], today: string): number[] {
  const monday = mondayOf(today);
  return [...new Set(days.filter((d) => d >= monday && d <= addDays(monday, 6)).map(weekdayIndex))].sort();
}

/** Where `value` goes in ascending `values` (by binary search): its index, and whether it is there already. */
export function placeIn<T>(values: readonly T[], value: T): { at: number; found: boolean } {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return { at: low, found: values[low] === value };
}
