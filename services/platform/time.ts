/**
 * Calendar dates in a user's time zone. "Today", "this week" and streaks are the user's, not the server's, so every
 * such answer goes through here. Pure: the instant comes in, nothing reads a clock.
 */

// Building a formatter is far dearer than using one; a user base has few distinct zones.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date ('YYYY-MM-DD') of an instant in an IANA zone; an unknown zone throws a RangeError. */
export function localDate(instant: string | Date, timeZone: string): string {
  return formatterFor(timeZone).format(typeof instant === 'string' ? new Date(instant) : instant);
}
