import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot, type E2E } from '../support/browser.js';
import { gramsStylePlan } from '../meals/http.js';
import { samplePlan } from '../workouts/plan.js';
import { subscriberFor, textOf } from './dataScreens.js';

/** The figure a dashboard stat shows, found by its label in the This Week card. */
export const weekStat = (page: Page, label: string) => textOf(page, `section[aria-labelledby=week-title] dl > div:has(dt:text-is("${label}")) dd`);

/**
 * A beginner's first week, days 1 to `days` of last week (a workout on days 1, 3 and 5, an empty session on day 2, a
 * meal every day), with reloads and Back, checking every figure on the dashboard and /prog against the log.
 */
export async function aFirstWeek(e2e: E2E, width: number, days: number): Promise<void> {
  const server = e2e.server;
  // Last week's Monday, 10:00 in New York (the test users' zone): seven days in one Monday-to-Sunday week.
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7);
  monday.setUTCHours(15, 0, 0, 0);
  const dayOf = (n: number) => new Date(monday.getTime() + (n - 1) * 86_400_000).toISOString();
  server.clock.set(dayOf(1));
  const user = await subscriberFor(server, { keepClock: true });
  await user.send('POST', '/api/savePlan', samplePlan());
  await user.send('POST', '/api/savePlan', gramsStylePlan());
  const page = await e2e.newPage({ width, height: 900 });
  await user.open(page, '/');
  const workoutCard = page.getByRole('region', { name: 'Workout' });

  /** What the log holds this week: sessions with something logged, and meals. */
  const fromTheLog = async () => {
    const sessions = (await user.read('/api/exercise-logs')) as Array<{ exercises: unknown[]; total_duration_minutes: number | null }>;
    const workouts = sessions.filter((s) => s.exercises.length > 0);
    return { workouts: workouts.length, minutes: workouts.reduce((m, s) => m + (s.total_duration_minutes ?? 0), 0) };
  };
  let mealsLogged = 0;

  for (let day = 1; day <= days; day += 1) {
    server.clock.set(dayOf(day));
    await page.goto('/');
    await workoutCard.waitFor();
    if (day === 1 || day === 3 || day === 5) {
      // A real workout from the dashboard: the tracker, one exercise, a reload in the middle, End.
      await workoutCard.getByRole('button', { name: 'Start workout' }).click();
      await page.waitForURL('**/track');
      await page.getByLabel('Exercise', { exact: true }).selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Save Exercise' }).click();
      await page.getByRole('region', { name: 'Completed Exercises' }).locator('li').first().waitFor();
      await page.reload();
      await page.getByRole('button', { name: 'End Session' }).click();
      await page.getByRole('button', { name: 'End workout' }).click();
      await page.getByRole('region', { name: 'Workout saved' }).waitFor();
      await page.goBack();
    }
    if (day === 2) {
      // Started and ended with nothing logged: not a workout.
      await page.goto('/track');
      await page.getByLabel('Workout plan', { exact: true }).selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Begin Workout' }).click();
      await page.getByRole('button', { name: 'End Session' }).click();
      await page.getByRole('button', { name: 'End workout' }).click();
      await page.getByRole('region', { name: 'Session ended' }).waitFor();
      await page.goBack();
    }
    // One meal a day from the dashboard.
    await page.goto('/');
    const meals = page.getByRole('region', { name: 'Meals' });
    await meals.getByRole('button', { name: 'Log meal' }).click();
    mealsLogged += 1;
    await meals.getByText(/^1 of \d+ meals eaten today$/).waitFor();
    await page.reload();

    const log = await fromTheLog();
    await page.getByRole('region', { name: 'This Week' }).waitFor();
    expect(await weekStat(page, 'Workouts'), `day ${day}: workouts`).to.equal(`${log.workouts} / 3`);
    expect(await weekStat(page, 'Total minutes'), `day ${day}: minutes`).to.equal(String(log.minutes));
    expect(await weekStat(page, 'Meals logged'), `day ${day}: meals`).to.match(new RegExp(`^${mealsLogged}( / \\d+)?$`));
    const meals2 = await textOf(page, 'section[aria-labelledby=meals-card-title]');
    expect(meals2, `day ${day}: the meals card`).to.contain('1 of');

    const streak = await weekStat(page, 'Login streak');
    await page.goto('/prog');
    await page.getByText('Workouts this week').waitFor();
    // The streak counts logins (both screens call it so) and both screens agree on it.
    expect(await textOf(page, 'section[aria-labelledby=login-streak-title] dl > div:has(dt:text-is("Current streak")) dd'), `day ${day}: streak`).to.equal(streak);
    expect(await textOf(page, 'section[aria-labelledby=weekly-stats-title], .card:has(dt:text-is("Workouts this week"))'), `day ${day}: /prog`).to.contain(`${log.workouts} / 3`);
    await page.goBack();
    await page.getByRole('region', { name: 'This Week' }).waitFor();
    expect(await weekStat(page, 'Workouts'), `day ${day}: after Back`).to.equal(`${log.workouts} / 3`);
    if (day === days) await screenshot(page, `first-week-first-week-day${days}-dashboard-${width}`);
  }
  // Workouts on days 1, 3 and 5; day 2's empty session is not one.
  expect((await fromTheLog()).workouts).to.equal([1, 3, 5].filter((d) => d <= days).length);
}
