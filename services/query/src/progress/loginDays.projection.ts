import { localDate } from '../../../platform/time.js';
import type { Projection } from '../projection.js';
import { daysBetween, longestStreak, placeIn } from './calendar.js';

/**
 * A user's login days, as the dashboard and the progress page read them (the week's login boxes, the streaks, the
 * account's first day): one small doc per user, however long the person has used the app.
 *
 * A login is kept by its quarter hour (UTC, counted from 1970), so the days can be found again when the person's time
 * zone changes: present-day zone offsets are whole quarter hours and change on a quarter hour, so no local midnight
 * falls inside one, and every instant of a quarter hour has the local date of its start. The days are those of the
 * zone the profile last named; a reader in another zone (the profile read at another moment) finds them from the
 * quarter hours (`loginDaysIn`).
 */
export interface LoginDaysDoc {
  user_id: string;
  /** The zone `days` are dates of: the profile's, as last signed up or saved. */
  time_zone: string;
  /** The quarter hours with a login, ascending, each once. */
  quarters: number[];
  /** Their local dates in `time_zone`, ascending, each once. */
  days: string[];
  /** The longest run of consecutive days in `days`. */
  longest: number;
  /** The length of the run of consecutive days that ends at the last of `days`. */
  last_run: number;
}

const QUARTER_MS = 15 * 60_000;
const quarterOf = (instant: string) => Math.floor(Date.parse(instant) / QUARTER_MS);
const instantOfQuarter = (quarter: number) => new Date(quarter * QUARTER_MS).toISOString();

/**
 * The local date of a quarter hour, or undefined in a zone the runtime does not know: a fold must not throw, and a
 * reader in that zone fails on its own today anyway.
 */
function dayOf(quarter: number, timeZone: string): string | undefined {
  try {
    return localDate(instantOfQuarter(quarter), timeZone);
  } catch {
    return undefined;
  }
}

/** The distinct local dates of `quarters` in `timeZone`, ascending. */
export function loginDaysIn(quarters: readonly number[], timeZone: string): string[] {
  const days: string[] = [];
  for (const quarter of quarters) {
    const day = dayOf(quarter, timeZone);
    if (day === undefined) return [];
    // Quarters ascend, so their dates do: a date already taken is the last one.
    if (days[days.length - 1] !== day) days.push(day);
  }
  return days;
}

/** The length of the run of consecutive days ending at the last of `days` (ascending, distinct). */
function lastRun(days: readonly string[]): number {
  let run = days.length > 0 ? 1 : 0;
  for (let i = days.length - 1; i > 0 && daysBetween(days[i - 1]!, days[i]!) === 1; i -= 1) run += 1;
  return run;
}

/** The doc with `days` found anew from its quarter hours in `timeZone`. */
function inZone(doc: LoginDaysDoc, timeZone: string): LoginDaysDoc {
  const days = loginDaysIn(doc.quarters, timeZone);
  return { ...doc, time_zone: timeZone, days, longest: longestStreak(days), last_run: lastRun(days) };
}

const inserted = <T>(values: readonly T[], at: number, value: T) => [...values.slice(0, at), value, ...values.slice(at)];

function withLogin(doc: LoginDaysDoc, instant: string): LoginDaysDoc {
  const quarter = quarterOf(instant);
  const q = placeIn(doc.quarters, quarter);
  if (q.found) return doc;
  const quarters = inserted(doc.quarters, q.at, quarter);
  const day = dayOf(quarter, doc.time_zone);
  if (day === undefined) return { ...doc, quarters };
  const d = placeIn(doc.days, day);
  if (d.found) return { ...doc, quarters };
  const days = inserted(doc.days, d.at, day);
  // A day after every other one (the usual login) extends the last run or starts one; any other is counted again.
  if (d.at === doc.days.length) {
    const previous = doc.days[doc.days.length - 1];
    const run = previous !== undefined && daysBetween(previous, day) === 1 ? doc.last_run + 1 : 1;
    return { ...doc, quarters, days, longest: Math.max(doc.longest, run), last_run: run };
  }
  return { ...doc, quarters, days, longest: longestStreak(days), last_run: lastRun(days) };
}

const empty = (userId: string, timeZone: string): LoginDaysDoc => ({ user_id: userId, time_zone: timeZone, quarters: [], days: [], longest: 0, last_run: 0 });

/** Until a profile names a zone, days are counted in UTC (a reader in another zone counts them again). */
const NO_ZONE_YET = 'UTC';

export const loginDaysProjection: Projection<LoginDaysDoc> = {
  name: 'loginDays',
  handles: ['UserSignedUp', 'ProfileUpdated', 'UserLoggedIn', 'AccountDeleted'],
  // An erased account's logins go with it.
  erases: (event) => (event.type === 'AccountDeleted' ? event.data.userId : undefined),
  key: (event) => (event.data as { userId: string }).userId,
  evolve(doc, event) {
    switch (event.type) {
      case 'UserSignedUp':
      case 'ProfileUpdated': {
        const { userId, timeZone } = event.data;
        if (!doc) return empty(userId, timeZone);
        return doc.time_zone === timeZone ? doc : inZone(doc, timeZone);
      }
      case 'UserLoggedIn':
        return withLogin(doc ?? empty(event.data.userId, NO_ZONE_YET), event.data.loggedInAt);
      default:
        return doc;
    }
  },
};
