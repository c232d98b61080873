/**
 * The meal plan's day on local date `today`: a meal plan moves on by the calendar, one day a day from the day it was
 * set on (`dayOn` on local date `since`: its save, or the last "Proceed"), and starts over after its last day
 * (docs/adr/0077-a-meal-plan-moves-on-by-the-date.md).
 */
export function mealPlanDayOn(days: number, { dayOn, since }: { dayOn: number; since: string }, today: string): number {
  const elapsed = Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000));
  return ((dayOn - 1 + elapsed) % days) + 1;
}
