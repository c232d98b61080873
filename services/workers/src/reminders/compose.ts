import type { REMINDER_KINDS } from '../../../../events/reminders.js';
import type { dashboardSummary } from '../../../query/src/dashboard/api.js';

type Summary = ReturnType<typeof dashboardSummary>;

export interface ReminderContent {
  kind: (typeof REMINDER_KINDS)[number];
  subject: string;
  text: string;
}

const streakLine = (streak: number) =>
  streak > 1 ? `You have shown up ${streak} days in a row. Keep the streak going today!` : streak === 1 ? 'You checked in yesterday. Make it two days in a row today!' : 'Every streak starts with one day. Check in today!';

/**
 * The morning mail, from the same dashboard summary the user sees. Gentle reminders name today's workout and next
 * meal; Motivation check-ins add the streak. With nothing planned for today (or only check-ins chosen) it is a
 * streak nudge. Pure: the summary is computed at the reminder's time by the caller.
 */
export function composeReminder(summary: Summary, preferences: readonly string[], name: string): ReminderContent {
  const { workout } = summary;
  const meal = summary.nutrition.nextMeal;
  const streak = summary.weekly.loginStreak;
  const gentle = preferences.includes('Gentle reminders');
  const checkIn = preferences.includes('Motivation check-ins');
  const workoutToday = workout.currentSummary !== null && !workout.todayDone;
  if (gentle && (workoutToday || meal)) {
    const lines = [`Good morning, ${name}!`, ''];
    if (workoutToday) lines.push(`Today's workout: ${workout.currentSummary} (${workout.planName}).`);
    if (meal) lines.push(`Next meal: ${meal.name}, ${meal.calories} kcal.`);
    if (checkIn) lines.push('', streakLine(streak));
    lines.push('', 'Open your dashboard to get started.');
    const subject = workoutToday ? `Today: ${workout.currentSummary}` : `Next meal: ${meal!.name}`;
    return { kind: 'today', subject, text: `${lines.join('\n')}\n` };
  }
  const subject = streak > 1 ? `Keep your ${streak}-day streak going` : 'A few minutes for yourself today?';
  return { kind: 'streak', subject, text: `Good morning, ${name}!\n\n${streakLine(streak)}\n\nOpen your dashboard to see your plan for today.\n` };
}
