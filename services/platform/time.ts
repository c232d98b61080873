/**
 * Calendar dates in a user's time zone. "Today", "this week" and streaks are the user's, not the server's, so every
 * such answer goes through here. Pure: the instant comes in, nothing reads a clock. The zones' rules are date-fns-tz's
 * (over the runtime's Intl time-zone data); an unknown zone throws a RangeError.
 */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { LRUCache } from 'lru-cache';

/**
 * Local dates remembered, least recently used out first: the same stored instants (a user's logins, meals, sessions)
 * come back on every dashboard and progress read, and finding a date in a zone is far dearer than remembering it.
 */
const remembered = new LRUCache<string, string>({ max: 100_000 });

/**
 * One date formatter per zone the runtime knows (undefined for a name it does not), made once: making one is far
 * dearer than formatting with it, and a person's zone is asked about at every read and every fold that dates.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat | undefined>();
/** Zones remembered at most: a name is any text a log holds, so the map is bounded too. */
const ZONES_KEPT = 1_000;

function dateFormat(timeZone: string): Intl.DateTimeFormat | undefined {
  if (dateFormats.has(timeZone)) return dateFormats.get(timeZone);
  let format: Intl.DateTimeFormat | undefined;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    format = undefined;
  }
  if (dateFormats.size >= ZONES_KEPT) dateFormats.clear();
  dateFormats.set(timeZone, format);
  return format;
}

/** Whether the runtime knows `timeZone` as an IANA zone name ("Europe/Berlin"): the functions here accept only such. */
export const isKnownZone = (timeZone: string): boolean => dateFormat(timeZone) !== undefined;

/** 'MM/DD/YYYY', as the en-US formatter writes a date of years 1000 to 9999 with two-digit month and day. */
const US_DATE = /^(\d\d)\/(\d\d)\/(\d{4})$/;

/** The local date of an instant in a zone by the runtime's Intl zone data, the rules date-fns-tz reads too. */
function formatLocalDate(instant: string | Date, timeZone: string): string {
  const format = dateFormat(timeZone);
  if (format === undefined) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  const time = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid time value: ${String(instant)}`);
  const us = US_DATE.exec(format.format(time));
  // Outside those years the formatter writes the year otherwise; date-fns-tz's pattern reads it.
  return us ? `${us[3]}-${us[1]}-${us[2]}` : formatInTimeZone(instant, timeZone, 'yyyy-MM-dd');
}

/** The local date ('YYYY-MM-DD') of an instant in an IANA zone. */
export function localDate(instant: string | Date, timeZone: string): string {
  // A Date (a request's `now`) by its minute: present-day zone offsets are whole minutes, so its local date cannot
  // change within one.
  const key = typeof instant === 'string' ? `${timeZone} ${instant}` : `${timeZone} @${Math.floor(instant.getTime() / 60_000)}`;
  let date = remembered.get(key);
  if (date === undefined) remembered.set(key, (date = formatLocalDate(instant, timeZone)));
  return date;
}

/** The last millisecond of local date `day` ('YYYY-MM-DD') in an IANA zone: just before the next local midnight. */
export function endOfLocalDay(day: string, timeZone: string): Date {
  // The next day's midnight, counted in UTC (where every day is 24 hours long), then read on the zone's clock.
  return new Date(instantOfWallClock(Date.parse(`${day}T00:00:00Z`) + 86_400_000, timeZone).getTime() - 1);
}

/**
 * The instant at which the zone's wall clock reads `wall` (the wall-clock time written as if it were UTC, in ms). A
 * time that a daylight-saving change skips is read with the offset in force before the change (02:30 on the night the
 * clocks go from 02:00 to 03:00 is 03:30), as JavaScript's Date and Temporal's 'compatible' read it.
 */
export function instantOfWallClock(wall: number, timeZone: string): Date {
  const instant = fromZonedTime(new Date(wall).toISOString().slice(0, 23), timeZone);
  // Read back, a skipped time shows the clock before the change: moved on by what it lacks.
  const shown = Date.parse(`${formatInTimeZone(instant, timeZone, "yyyy-MM-dd'T'HH:mm:ss.SSS")}Z`);
  return shown === wall ? instant : new Date(instant.getTime() + wall - shown);
}

/** The zone's wall-clock time at an instant, as 'YYYY-MM-DD HH:MM:SS' (how Strong writes its dates). */
export const localDateTime = (instant: string, timeZone: string): string => formatInTimeZone(instant, timeZone, 'yyyy-MM-dd HH:mm:ss');
