import type { AppEvent, EventType } from '../../../../events/catalog.js';
import { monthKey } from '../chunks.js';
import { erasesAccount, type Projection } from '../projection.js';

/**
 * The instants a person showed up: the days of the streak and of the week's boxes are the local dates of these, in
 * the zone of the profile when read (docs/adr/0097-a-streak-counts-the-days-a-person-showed-up.md). One doc per
 * UTC month of the instants (chunks.ts); `joinChunks` puts them back together.
 */
export interface ActivityDoc {
  user_id: string;
  at: string[];
}

/** What the person did themselves, signed in, and when: a visit, a login, a set, an exercise, a meal, a weight. */
const SHOWED_UP = {
  UserShowedUp: (data) => data.shownUpAt,
  UserLoggedIn: (data) => data.loggedInAt,
  SetLogged: (data) => data.loggedAt,
  ExerciseLogged: (data) => data.loggedAt,
  MealLogged: (data) => data.loggedAt,
  MeasurementRecorded: (data) => data.measuredAt,
} satisfies { [T in EventType]?: (data: Extract<AppEvent, { type: T }>['data']) => string };

type Shown = keyof typeof SHOWED_UP;
const isShown = (event: AppEvent): event is Extract<AppEvent, { type: Shown }> => event.type in SHOWED_UP;
const instantOf = (event: Extract<AppEvent, { type: Shown }>) => (SHOWED_UP[event.type] as (data: unknown) => string)(event.data);

/**
 * Every zone's offset is a whole number of quarter hours, so a UTC quarter hour lies within one local day in any
 * zone: one instant of each is enough to know the local days, whichever zone the profile names later.
 */
const quarterOf = (instant: string) => `${instant.slice(0, 14)}${Math.floor(Number(instant.slice(14, 16)) / 15)}`;

/**
 * Whether two instants fall in one UTC quarter hour, as `quarterOf` tells, read off their characters: every event
 * of the log asks this of each instant its month already holds, and making the two strings each time was most of
 * the cost of this projection in a replay.
 */
function sameQuarter(a: string, b: string): boolean {
  if (a.length < 16 || b.length < 16) return quarterOf(a) === quarterOf(b);
  for (let i = 13; i >= 0; i -= 1) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return minuteQuarter(a) === minuteQuarter(b);
}

const ZERO = 48;
const isDigit = (code: number) => code >= ZERO && code <= ZERO + 9;
/** The quarter of the hour of an instant's minutes (characters 14 and 15) as `quarterOf` writes it. */
function minuteQuarter(instant: string): number | string {
  const tens = instant.charCodeAt(14);
  const ones = instant.charCodeAt(15);
  if (isDigit(tens) && isDigit(ones)) return Math.floor(((tens - ZERO) * 10 + ones - ZERO) / 15);
  const quarter = Math.floor(Number(instant.slice(14, 16)) / 15);
  // NaN is written as such, so two unreadable minutes are one quarter there too.
  return Number.isNaN(quarter) ? 'NaN' : quarter;
}

export const activityProjection: Projection<ActivityDoc> = {
  name: 'activity',
  handles: [...(Object.keys(SHOWED_UP) as Shown[]), 'AccountDeleted'],
  // An erased account's history goes with it (every chunk).
  erases: erasesAccount,
  key: (event) => monthKey((event.data as { userId: string }).userId, isShown(event) ? instantOf(event) : event.metadata.at),
  evolve(doc, event) {
    if (!isShown(event)) return doc;
    const at = instantOf(event);
    // Most often the instant seen last is in the same quarter, so the search runs from the end.
    if (doc) for (let i = doc.at.length - 1; i >= 0; i -= 1) if (sameQuarter(doc.at[i]!, at)) return doc;
    return { user_id: event.data.userId, at: [...(doc?.at ?? []), at] };
  },
};
