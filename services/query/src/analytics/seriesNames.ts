/**
 * The analytics series, in the order the report and the staff page list them. This file imports nothing: the web
 * client's analytics page reads the list from here, so a series added on the server shows up there.
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
