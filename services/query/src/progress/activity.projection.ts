import type { AppEvent, EventType } from '../../../../events/catalog.js';
import { chunksOf } from '../chunks.js';
import { erasesAccount, type Projection } from '../projection.js';

/**
 * The UTC quarter hours a person showed up in, one doc per UTC year (docs/adr/0381-the-days-shown-up-are-kept-as-quarter-hour-masks-by-year.md).
 * Every zone's offset is a whole number of quarter hours, so a UTC quarter hour lies within one local day in any
 * zone: the quarters give the days of the streak and of the week's boxes in the zone the profile names when read
 * (docs/adr/0097-a-streak-counts-the-days-a-person-showed-up.md). Each UTC day holds its 96 quarters as 24 hex
 * digits, quarter 0 (00:00) in the first digit's highest bit, under its month ('MM') and day ('DD'): a new quarter
 * copies the year's twelve months and the month's days, not the year's days
 * (docs/adr/0408-where-a-rebuild-spends-its-time.md). A year is at most some 14 KB.
 */
export interface ActivityDoc {
  user_id: string;
  year: string;
  months: Record<string, Record<string, string>>;
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
/** The instant as the command side writes it (UTC, 'Z'); any other spelling Date reads is written so first. */
function instantOf(event: Extract<AppEvent, { type: Shown }>): string {
  const instant = (SHOWED_UP[event.type] as (data: unknown) => string)(event.data);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(instant) && instant.endsWith('Z')) return instant;
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : date.toISOString();
}

const NO_QUARTERS = '0'.repeat(24);
const QUARTER_HOUR_MS = 900_000;

/** The quarter of the UTC day (0–95) of an instant written by `instantOf`; undefined for one no date can be read from. */
function quarterOfDay(instant: string): number | undefined {
  const hour = Number(instant.slice(11, 13));
  const minute = Number(instant.slice(14, 16));
  if (!Number.isInteger(hour) || !Number.isInteger(minute) || hour > 23 || minute > 59) return undefined;
  return hour * 4 + Math.floor(minute / 15);
}

/** The day's mask with quarter `q` set (the same string when it was). */
function withQuarter(mask: string, q: number): string {
  const at = q >> 2;
  const digit = parseInt(mask[at]!, 16);
  const set = digit | (8 >> (q & 3));
  return set === digit ? mask : `${mask.slice(0, at)}${set.toString(16)}${mask.slice(at + 1)}`;
}

/**
 * The start of every quarter hour the docs hold, in order: one instant per quarter, which lies in the same local day
 * as any instant of that quarter, so the local days read from them are those the person showed up on.
 */
export function quartersShownUp(docs: readonly ActivityDoc[]): string[] {
  const instants: string[] = [];
  for (const doc of [...docs].sort((a, b) => (a.year < b.year ? -1 : a.year > b.year ? 1 : 0))) {
    for (const month of Object.keys(doc.months).sort()) {
      const days = doc.months[month]!;
      for (const day of Object.keys(days).sort()) {
        const mask = days[day]!;
        const midnight = Date.parse(`${doc.year}-${month}-${day}T00:00:00.000Z`);
        // A day no calendar has (an instant the append let through unread) shows no day rather than failing the answer.
        if (Number.isNaN(midnight)) continue;
        for (let q = 0; q < 96; q += 1) if (parseInt(mask[q >> 2]!, 16) & (8 >> (q & 3))) instants.push(new Date(midnight + q * QUARTER_HOUR_MS).toISOString());
      }
    }
  }
  return instants;
}

export const activityProjection: Projection<ActivityDoc> = {
  name: 'activity',
  // 3: the year's day masks under their months, where 2 kept them under 'MM-DD' (1: an instant of each quarter by UTC month).
  version: 3,
  handles: [...(Object.keys(SHOWED_UP) as Shown[]), 'AccountDeleted'],
  // An erased account's history goes with it (every chunk).
  erases: erasesAccount,
  key: (event) => yearKey((event.data as { userId: string }).userId, isShown(event) ? instantOf(event) : event.metadata.at),
  evolve(doc, event) {
    if (!isShown(event)) return doc;
    const at = instantOf(event);
    const q = quarterOfDay(at);
    if (q === undefined) return doc;
    const month = at.slice(5, 7);
    const day = at.slice(8, 10);
    const days = doc?.months[month];
    const mask = days?.[day] ?? NO_QUARTERS;
    const next = withQuarter(mask, q);
    if (days && next === mask && day in days) return doc;
    return { user_id: event.data.userId, year: at.slice(0, 4), months: { ...doc?.months, [month]: { ...days, [day]: next } } };
  },
};

/** The chunk of a user's year ('YYYY') of an instant. */
const yearKey = (owner: string, instant: string) => `${chunksOf(owner)}${instant.slice(0, 4)}`;
