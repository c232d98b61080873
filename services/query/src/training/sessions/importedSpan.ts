import { believedMinutes } from '../../../../../events/importedDuration.js';

/**
 * When an imported workout ended and the minutes it took, as the read side counts them: its start plus its believed
 * duration (events/importedDuration.ts). A start that is no instant gives no end at all (the workout cannot be placed
 * on a day).
 */
export function importedSpan(startedAt: string, durationMinutes: number): { endedAt: string | undefined; minutes: number } {
  const start = Date.parse(startedAt);
  if (Number.isNaN(start)) return { endedAt: undefined, minutes: 0 };
  const minutes = believedMinutes(startedAt, durationMinutes);
  return { endedAt: new Date(start + minutes * 60_000).toISOString(), minutes };
}
