
/**
 * Calendar arithmetic on local dates ('YYYY-MM-DD'). A local date is a day in the user's zone; once an instant has
 * been turned into one (`localDate`), days are added in UTC so no daylight-saving shift can skip or repeat a day.
 */
// Read by position, not by Date's string parser: these run for every fact of every dashboard and progress read.
const toUtc = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))));
const fromUtc = (date: Date) => date.toISOString().slice(0, 10);

// The same few days (this week, the last month, login days) are added to on every read; a pure function, so its
// answers are remembered (bounded).
const added = new Map<string, string>();

export const addDays = (day: string, days: number) => {
  const key = `${day}${days}`;
  let result = added.get(key);
  if (result === undefined) {
    const date = toUtc(day);
    date.setUTCDate(date.getUTCDate() + days);
    result = fromUtc(date);
    if (added.size >= 100_000) added.clear();
    added.set(key, result);
  }
  return result;
};

/** 0 for Monday … 6 for Sunday: the spec's week runs Monday to Sunday. */
export const weekdayIndex = (day: string) => (toUtc(day).getUTCDay() + 6) % 7;

export const mondayOf = (day: string) => addDays(day, -weekdayIndex(day));

export const daysBetween = (from: string, to: string) => Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);

/** Same day of the month `months` earlier, clamped to the month's end (3 months before 31 May is 28/29 Feb). */
export const addMonths = (day: string, months: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return fromUtc(target);
};

/** The distinct local dates of a list of instants, sorted; `toDay` turns an instant into its local date. */
export const localDays = (instants: string[], toDay: (instant: string) => string) => [...new Set(instants.map(toDay))].sort();

export interface Streaks {
  /** Consecutive days with a login ending today, or yesterday when today has none yet. */
  current: number;
  longest: number;
}

export function streaks(days: string[], today: string): Streaks {
  const set = new Set(days);
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of [...set].sort()) {
    run = previous && daysBetween(previous, day) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  let current = 0;
  let cursor = set.has(today) ? today : addDays(today, -1);
  while (set.has(cursor)) {
    current += 1;
    cursor = addDays(cursor, -1);
  }
  return { current, longest };
}

/** Which of this week's days (0 Monday … 6 Sunday) have an entry. */
export function weekDays(days: string[], today: string): number[] {
  const monday = mondayOf(today);
  return [...new Set(days.filter((d) => d >= monday && d <= addDays(monday, 6)).map(weekdayIndex))].sort();
}
