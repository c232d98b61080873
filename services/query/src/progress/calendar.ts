// Each function from its own module: the package's index loads every one of its some 250 modules.
import { addMonths as addMonthsToDate } from 'date-fns/addMonths';
import { formatISO } from 'date-fns/formatISO';
import { parseISO } from 'date-fns/parseISO';

/**
 * Calendar arithmetic on local dates ('YYYY-MM-DD'). A local date is a day in the user's zone; once an instant has
 * been turned into one (`localDate`), days are counted on the calendar, so no daylight-saving shift can skip or repeat
 * a day: a date is counted as the UTC day of the same name, where every day is 24 hours long. Plain arithmetic on the
 * day's number rather than a parse by date-fns: a streak over years of days shown up counts each of them.
 */
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day's number (days since 1970-01-01); a RangeError for text that is no such date. */
function dayNumber(day: string): number {
  const time = DATE.test(day) ? Date.parse(day) : Number.NaN;
  // The runtime reads 2026-02-30 as 2 March: a date is one only when it reads back as itself.
  if (Number.isNaN(time) || dayOfNumber(time / DAY_MS) !== day) throw new RangeError(`not a date (YYYY-MM-DD): ${day}`);
  return time / DAY_MS;
}

const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => dayOfNumber(dayNumber(day) + days);

/** 0 for Monday … 6 for Sunday: the spec's week runs Monday to Sunday (1970-01-01 was a Thursday). */
export const weekdayIndex = (day: string) => (((dayNumber(day) + 3) % 7) + 7) % 7;

export const mondayOf = (day: string) => addDays(day, -weekdayIndex(day));

export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/** Same day of the month `months` earlier, clamped to the month's end (3 months before 31 May is 28/29 Feb). */
export const addMonths = (day: string, months: number) => formatISO(addMonthsToDate(parseISO(day), months), { representation: 'date' });

/** The distinct local dates of a list of instants, sorted; `toDay` turns an instant into its local date. */
export const localDays = (instants: string[], toDay: (instant: string) => string) => [...new Set(instants.map(toDay))].sort();

export interface Streaks {
  /** Consecutive days shown up ending today, or yesterday when today has none yet. */
  current: number;
  longest: number;
}

/**
 * The days shown up before those a reader holds, as the streaks go on from them: the first instant shown up, the
 * last day, the run of days ending on it and the longest run. Days later read that are not after `last` are ones
 * already counted.
 */
export interface StreakCarry {
  first_at: string;
  last: string;
  run: number;
  longest: number;
}

/** The carry after more days (sorted); `firstAt` is the first instant among them, taken when nothing was carried yet. */
export function carryStreak(before: StreakCarry | null | undefined, days: readonly string[], firstAt: string): StreakCarry | null {
  let { last, run, longest } = before ?? { last: undefined as string | undefined, run: 0, longest: 0 };
  for (const day of days) {
    if (last !== undefined && day <= last) continue;
    run = last !== undefined && daysBetween(last, day) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    last = day;
  }
  if (last === undefined) return before ?? null;
  return { first_at: before?.first_at ?? firstAt, last, run, longest };
}

/**
 * The current streak (the run ending today, or yesterday while today is not over) and the longest, from the days shown
 * up (any order, repeats allowed) carried on from `before`: the one run rule, `carryStreak`.
 */
export function streaks(days: string[], today: string, before?: StreakCarry | null): Streaks {
  const sorted = [...new Set(days)].sort();
  const untilToday = carryStreak(before, sorted.filter((day) => day <= today), '');
  const current = untilToday && (untilToday.last === today || untilToday.last === addDays(today, -1)) ? untilToday.run : 0;
  return { current, longest: carryStreak(before, sorted, '')?.longest ?? 0 };
}

/** Which of this week's days (0 Monday … 6 Sunday) have an entry. */
export function weekDays(days: string[], today: string): number[] {
  const monday = mondayOf(today);
  return [...new Set(days.filter((d) => d >= monday && d <= addDays(monday, 6)).map(weekdayIndex))].sort();
}
