/**
 * The minutes an imported workout took, as every reader counts them: its duration when its start plus that duration
 * is an instant a Date can hold, else 0 (not known, as for a file that left the duration empty). The importer once
 * wrote durations such as 5,999,999,999,999,940 minutes ("99999999999999h"), whose end no Date holds.
 */
export function believedMinutes(startedAt: string, durationMinutes: number): number {
  const start = Date.parse(startedAt);
  if (Number.isNaN(start)) return 0;
  return Number.isNaN(new Date(start + durationMinutes * 60_000).getTime()) ? 0 : durationMinutes;
}
