/**
 * When an imported workout ended and the minutes it took, as the read side counts them: its start plus its duration,
 * when that is an instant a Date can hold. A duration that ends past any such instant is not believed: the workout
 * takes 0 minutes and ends at its start, as one whose file left the duration empty. A start that is no instant gives
 * no end at all (the workout cannot be placed on a day).
 */
export function importedSpan(startedAt: string, durationMinutes: number): { endedAt: string | undefined; minutes: number } {
  const start = Date.parse(startedAt);
  if (Number.isNaN(start)) return { endedAt: undefined, minutes: 0 };
  const end = new Date(start + durationMinutes * 60_000);
  if (Number.isNaN(end.getTime())) return { endedAt: new Date(start).toISOString(), minutes: 0 };
  return { endedAt: end.toISOString(), minutes: durationMinutes };
}
