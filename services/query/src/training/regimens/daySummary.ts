import type { RegimenDoc } from './regimens.projection.js';

/** How a regimen's day is named on the dashboard and in recent activity: its summary name, else 'Day N'. */
export const daySummary = (regimen: RegimenDoc | undefined, dayNumber: number): string =>
  regimen?.workouts.find((w) => w.day_number === dayNumber)?.summary_name || `Day ${dayNumber}`;
