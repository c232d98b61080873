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

/** The greeting of the hour the reminder comes at (the person's own hour, in their zone). */
const greetingAt = (hour: number) => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');

/**
 * The reminder, from the same dashboard summary the user sees, greeting by the hour it comes at. Gentle reminders
 * name today's workout and next meal; Motivation check-ins add the streak; someone who turned reminders on with
 * neither preference gets what Gentle reminders give. With nothing planned for today (or only check-ins chosen) it is
 * a streak nudge. Pure: the summary is computed at the reminder's time by the caller.
 */
export function composeReminder(summary: Summary, preferences: readonly string[], name: string, hour = 8): ReminderContent {
  const { workout } = summary;
  const meal = summary.nutrition.nextMeal;
  const streak = summary.weekly.loginStreak;
  const checkIn = preferences.includes('Motivation check-ins');
  const gentle = preferences.includes('Gentle reminders') || !checkIn;
  const greeting = `${greetingAt(hour)}, ${name}!`;
  const workoutToday = workout.currentSummary !== null && !workout.todayDone;
  if (gentle && (workoutToday || meal)) {
    const lines = [greeting, ''];
    if (workoutToday) lines.push(`Today's workout: ${workout.currentSummary} (${workout.planName}).`);
    if (meal) lines.push(`Next meal: ${meal.name}, ${meal.calories} kcal.`);
    if (checkIn) lines.push('', streakLine(streak));
    lines.push('', 'Open your dashboard to get started.');
    const subject = workoutToday ? `Today: ${workout.currentSummary}` : `Next meal: ${meal!.name}`;
    return { kind: 'today', subject, text: `${lines.join('\n')}\n` };
  }
  const subject = streak > 1 ? `Keep your ${streak}-day streak going` : 'A few minutes for yourself today?';
  return { kind: 'streak', subject, text: `${greeting}\n\n${streakLine(streak)}\n\nOpen your dashboard to see your plan for today.\n` };
}
