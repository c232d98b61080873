import type { AppEvent, EventType } from '../../../../events/catalog.js';
import { chunksOf } from '../chunks.js';
import { erasesAccount, type Projection } from '../projection.js';

/**
 * The UTC quarter hours a person showed up in, one doc per UTC year (docs/adr/0381-the-days-shown-up-are-kept-as-quarter-hour-masks-by-year.md).
 * Every zone's offset is a whole number of quarter hours, so a UTC quarter hour lies within one local day in any
 * zone: the quarters give the days of the streak and of the week's boxes in the zone the profile names when read
 * (docs/adr/0097-a-streak-counts-the-days-a-person-showed-up.md). The year's twelve UTC months are an array, each
 * month one string of hex digits, 24 a day from the 1st up to the last day shown up ('' for none): quarter q of day d
 * is bit `8 >> (q % 4)` of digit `(d - 1) * 24 + q / 4`. A new quarter copies an array of twelve strings and makes
 * one month's string anew, not objects of months and days
 * (docs/adr/0411-a-rebuild-reads-a-page-as-one-text-and-its-folds-copy-less.md). A year is at most some 9 KB.
 */
export interface ActivityDoc {
  user_id: string;
  year: string;
  months: string[];
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

const QUARTER_HOUR_MS = 900_000;
/** Hex digits a day takes in its month's string: 96 quarters, four to a digit. */
const DAY_DIGITS = 24;
const NO_QUARTERS = '0'.repeat(DAY_DIGITS);
const NO_MONTHS: readonly string[] = Array.from({ length: 12 }, () => '');

/** The quarter of the UTC day (0–95) of an instant written by `instantOf`; undefined for one no date can be read from. */
function quarterOfDay(instant: string): number | undefined {
  const hour = Number(instant.slice(11, 13));
  const minute = Number(instant.slice(14, 16));
  if (!Number.isInteger(hour) || !Number.isInteger(minute) || hour > 23 || minute > 59) return undefined;
  return hour * 4 + Math.floor(minute / 15);
}

/** The month (1–12) or day of the month (1–31) at `from` in an instant written by `instantOf`; undefined for none. */
function dateField(instant: string, from: number, last: number): number | undefined {
  const value = Number(instant.slice(from, from + 2));
  return Number.isInteger(value) && value >= 1 && value <= last ? value : undefined;
}

/** The month's string with quarter `q` of day `day` set, grown with days of nothing up to that day (the same string when it was set). */
function withQuarter(month: string, day: number, q: number): string {
  const at = (day - 1) * DAY_DIGITS + (q >> 2);
  const days = month.length > at ? month : month.padEnd(day * DAY_DIGITS, '0');
  const digit = parseInt(days[at]!, 16);
  const set = digit | (8 >> (q & 3));
  return set === digit ? days : `${days.slice(0, at)}${set.toString(16)}${days.slice(at + 1)}`;
}

/**
 * The start of every quarter hour the docs hold, in order: one instant per quarter, which lies in the same local day
 * as any instant of that quarter, so the local days read from them are those the person showed up on.
 */
export function quartersShownUp(docs: readonly ActivityDoc[]): string[] {
  const instants: string[] = [];
  for (const doc of [...docs].sort((a, b) => (a.year < b.year ? -1 : a.year > b.year ? 1 : 0))) {
    // A doc an earlier fold wrote (an object of months, until the projector has rebuilt them at its start) shows no days.
    if (!Array.isArray(doc.months)) continue;
    for (const [m, days] of doc.months.entries()) {
      const month = String(m + 1).padStart(2, '0');
      for (let from = 0; from < days.length; from += DAY_DIGITS) {
        const mask = days.slice(from, from + DAY_DIGITS);
        if (mask === NO_QUARTERS) continue;
        const day = String(from / DAY_DIGITS + 1).padStart(2, '0');
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
  // 4: an array of the months, each month's days one string, where 3 kept an object of 'DD' masks under each 'MM'
  // (2: the year's masks under 'MM-DD'; 1: an instant of each quarter by UTC month).
  version: 4,
  handles: [...(Object.keys(SHOWED_UP) as Shown[]), 'AccountDeleted'],
  // An erased account's history goes with it (every chunk).
  erases: erasesAccount,
  key: (event) => yearKey((event.data as { userId: string }).userId, isShown(event) ? instantOf(event) : event.metadata.at),
  evolve(doc, event) {
    if (!isShown(event)) return doc;
    const at = instantOf(event);
    const q = quarterOfDay(at);
    const month = dateField(at, 5, 12);
    const day = dateField(at, 8, 31);
    if (q === undefined || month === undefined || day === undefined) return doc;
    const months = doc?.months ?? NO_MONTHS;
    const days = months[month - 1]!;
    const next = withQuarter(days, day, q);
    if (next === days) return doc;
    const changed = months.slice();
    changed[month - 1] = next;
    return { user_id: event.data.userId, year: at.slice(0, 4), months: changed };
  },
};

/** The chunk of a user's year ('YYYY') of an instant. */
const yearKey = (owner: string, instant: string) => `${chunksOf(owner)}${instant.slice(0, 4)}`;
