import { daysBetween } from '../progress/api.js';
import { badRequest } from '../../../platform/http.js';
import type { DayRange } from './series.js';

/** A real calendar date 'YYYY-MM-DD' (not 2026-02-30), or the error `fail` makes of what is wrong. */
export function parseDay(value: unknown, name: string, fail: (message: string) => Error): string {
  const ms = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw fail(`${name} must be a date YYYY-MM-DD`);
  }
  return value;
}

/** The longest range one HTTP answer covers: ten years of days. */
const MAX_DAYS = 3660;

/** `?from=&to=` of GET /api/analytics/*: each optional, defaulting to the first and last day with data. */
export function rangeOf(query: { from?: unknown; to?: unknown }, whole: DayRange | undefined, today: string): DayRange {
  const from = query.from === undefined ? undefined : parseDay(query.from, 'from', badRequest);
  const to = query.to === undefined ? undefined : parseDay(query.to, 'to', badRequest);
  if (from && to && from > to) throw badRequest('from must not be after to');
  const range = rangeWithin({ from, to }, whole, today);
  if (daysBetween(range.from, range.to) > MAX_DAYS) throw badRequest(`a range covers at most ${MAX_DAYS} days`);
  return range;
}

/**
 * The days a request or `npm run analytics` covers: what it gave, else the first and last day with data, else today;
 * a `from` past the data's end is brought back to `to`. Both given, `from` is not after `to` (the caller checks).
 */
export function rangeWithin(asked: { from?: string; to?: string }, whole: DayRange | undefined, today: string): DayRange {
  const range = { from: asked.from ?? whole?.from ?? asked.to ?? today, to: asked.to ?? whole?.to ?? today };
  if (range.from > range.to) range.from = range.to;
  return range;
}
