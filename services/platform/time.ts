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

// Formatting stays dear even with the formatter built: the same stored instants (a user's logins, meals, sessions)
// come back on every dashboard and progress read, so their local dates are remembered (bounded; a pure function,
// so nothing here can go stale).
const remembered = new Map<string, string>();
const REMEMBERED_DATES = 100_000;

/** The local date ('YYYY-MM-DD') of an instant in an IANA zone; an unknown zone throws a RangeError. */
export function localDate(instant: string | Date, timeZone: string): string {
  // A Date (a request's `now`) by its minute: present-day zone offsets are whole minutes, so its local date cannot
  // change within one.
  const key = typeof instant === 'string' ? `${timeZone} ${instant}` : `${timeZone} @${Math.floor(instant.getTime() / 60_000)}`;
  let date = remembered.get(key);
  if (date === undefined) {
    date = formatterFor(timeZone).format(typeof instant === 'string' ? new Date(instant) : instant);
    if (remembered.size >= REMEMBERED_DATES) remembered.clear();
    remembered.set(key, date);
  }
  return date;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at `ms` (negative west of Greenwich). */
function offsetAt(ms: number, timeZone: string): number {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    wallClocks.set(timeZone, clock);
  }
  const p = Object.fromEntries(clock.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The last millisecond of local date `day` ('YYYY-MM-DD') in an IANA zone: just before the next local midnight. */
export function endOfLocalDay(day: string, timeZone: string): Date {
  const next = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  // Local midnight of the next day as UTC, corrected twice so a DST change on the day itself is taken into account.
  let midnight = next - offsetAt(next, timeZone);
  midnight = next - offsetAt(midnight, timeZone);
  return new Date(midnight - 1);
}

/** The instant at which the zone's wall clock reads `wall` (the wall-clock time written as if it were UTC, in ms). */
export function instantOfWallClock(wall: number, timeZone: string): Date {
  // Corrected twice, so a time near a DST change is read with the offset in force then.
  let ms = wall - offsetAt(wall, timeZone);
  ms = wall - offsetAt(ms, timeZone);
  return new Date(ms);
}

/** The zone's wall-clock time at an instant, as 'YYYY-MM-DD HH:MM:SS' (how Strong writes its dates). */
export function localDateTime(instant: string, timeZone: string): string {
  const ms = Date.parse(instant);
  return new Date(Math.floor(ms / 1000) * 1000 + offsetAt(ms, timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}
