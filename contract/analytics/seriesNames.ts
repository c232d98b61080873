/**
 * The analytics series, in the order the report and the staff page list them, and the shape of one. This file
 * imports nothing: the web client's analytics page reads the list and the type from here, so a series added on the
 * server shows up there.
 */
export const SERIES = [
  'signups',
  'verification',
  'subscribers',
  'funnel',
  'cancellation-reasons',
  'weekly-active-users',
  'workouts',
  'meals',
  'chat',
  'tickets',
] as const;
export type SeriesName = (typeof SERIES)[number];

/** One cell of a series' table. */
export type Cell = string | number | boolean | null;

/** One series of aggregate figures, as the report draws it and GET /api/analytics/<series> answers it. */
export interface Series {
  name: SeriesName;
  title: string;
  /** How the report and the web page draw it: `x` is the first column, the others are lines or bars. */
  chart: 'line' | 'bar' | 'table';
  columns: string[];
  rows: Record<string, Cell>[];
  /**
   * Over days or weeks: the first column's values of the rows whose period was not over at the end of the range (the
   * day or week still under way, a week the range cuts off). Their figures are so far; charts draw them apart.
   */
  incomplete?: string[];
}
