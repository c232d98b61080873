import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { samplePlan } from '../workouts/plan.js';
import { until } from '../support/until.js';
import { acceptNextConfirm, subscriberFor } from './dataScreens.js';

describe('journey 4: a workout plan from the chat, saved, made primary on /work, with a session started, paused, resumed and ended (e2e)', function () {
  this.timeout(120_000);
  const e2e = e2eSuite();
  let page: Page;

  it('asks the chat for a plan, saves it, makes it primary, runs a session and deletes the old plan', async () => {
    const user = await subscriberFor(e2e.server);
    await user.send('POST', '/api/savePlan', samplePlan()); // an earlier plan, primary as the first one saved
    page = await e2e.newPage();
    await user.open(page, '/chat');

    // The chat: ask for a workout plan with the welcome message's first starter; the reply carries a plan card with Save.
    const input = page.getByRole('textbox', { name: 'Message' });
    await page.getByRole('list', { name: 'Try asking' }).getByRole('button', { name: 'Make me a workout plan' }).click();
    await page.locator('.message--user', { hasText: 'Make me a workout plan' }).waitFor();
    expect(await page.getByRole('list', { name: 'Try asking' }).count(), 'the starters go with the welcome').to.equal(0);
    const card = page.getByRole('article', { name: /^Workout plan: / });
    await card.waitFor({ timeout: 20_000 }).catch(async (error) => {
      await screenshot(page, 'journey-4-chat-failed');
      throw error;
    });
    const planName = (await card.getAttribute('aria-label'))!.replace('Workout plan: ', '');
    // The reply's day lines are a list, not lines of text starting with '- '
    const reply = page.locator('.message--ai', { has: card });
    expect(await reply.locator('.message__text li').count()).to.be.at.least(2);
    expect(await reply.locator('.message__text').innerText()).not.to.match(/^- /m);
    expect(await input.isDisabled(), 'the input is free again after the reply').to.equal(false);
    await card.getByRole('button', { name: 'Save workout plan' }).click();
    await page.getByRole('status').getByText('Workout plan saved!').waitFor();
    await card.getByRole('button', { name: 'Saved' }).waitFor();

    // A one-request mode: '/exercise ' shows the command tag; the next message names the primary plan.
    await input.fill('/exercise ');
    await page.locator('.command-tag').getByText('/exercise').waitFor();
    await input.fill('Which day is today?');
    await input.press('Enter');
    await page.getByText('Referencing workout plan: Strength Starter').waitFor({ timeout: 20_000 });
    expect(await page.locator('.command-tag').count(), 'the mode is for one request').to.equal(0);
    await page.locator('.message--ai:not(.message--waiting)').nth(1).waitFor({ timeout: 20_000 });
    await screenshot(page, 'journey-4-chat');

    // /work: the saved plan is there beside the primary one.
    await page.getByRole('link', { name: 'Exercises' }).click();

    // The primary plan is shown first, tagged Primary, with no Make Primary.
    await page.getByRole('heading', { name: 'Strength Starter Primary' }).waitFor();
    expect(await page.getByRole('button', { name: 'Make Primary' }).count()).to.equal(0);
    // Headed by the plan's own goal, not one written for every plan.
    expect(await page.locator('.plan-header .plan-stats').getByText('Build strength').count()).to.equal(1);
    expect(await page.getByText('Strength and Muscle Building').count()).to.equal(0);
    // The current day is marked and open; the others are closed.
    const day1 = page.getByRole('button', { name: 'Lower body (Current Day)' });
    expect(await day1.getAttribute('aria-expanded')).to.equal('true');
    expect(await page.getByRole('button', { name: 'Upper body' }).getAttribute('aria-expanded')).to.equal('false');
    await page.getByRole('button', { name: 'Upper body' }).click();
    await page.getByText('Push-up').waitFor();

    // Pick the chat's plan from the picker and make it primary.
    await page.locator('.plan-picker__toggle').click();
    await page.getByRole('button', { name: planName, exact: true }).click();
    await page.getByRole('heading', { name: planName, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Make Primary' }).click();
    await page.getByRole('status').getByText('Workout plan set as primary').waitFor();
    await page.getByRole('heading', { name: `${planName} Primary` }).waitFor();

    // Session: start, pause, resume, end; the active session is re-read after each.
    await page.getByRole('button', { name: 'Start Workout' }).click();
    await page.getByText('In Progress', { exact: true }).waitFor();
    const timer = page.getByRole('timer', { name: 'Session time' });
    await page.waitForFunction(() => document.querySelector('[role=timer]')?.textContent !== '00:00:00', undefined, { timeout: 5000 });
    // The pause is dated when it was pressed (the device sends when the person acted, X-Acted-At); from then on the
    // timer shows the server's running time, read again after the pause, and stands still.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Paused', { exact: true }).waitFor();
    let paused = await user.read('/api/workouts/active-session');
    await until('the pause on the server', async () => (paused = await user.read('/api/workouts/active-session')).status === 'Paused');
    const pausedAt = new Date(paused.runtime_seconds * 1000).toISOString().slice(11, 19);
    await page.waitForFunction((shown) => document.querySelector('[role=timer]')?.textContent === shown, pausedAt, { timeout: 5000 });
    await page.waitForTimeout(1200);
    expect(await timer.innerText(), 'a paused session does not tick').to.equal(pausedAt);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('In Progress', { exact: true }).waitFor();
    await page.waitForFunction((shown) => document.querySelector('[role=timer]')?.textContent !== shown, pausedAt, { timeout: 5000 });
    // Exercises are logged in the tracker (one tap away); End asks first and says what the session holds.
    expect(await page.getByRole('link', { name: 'Open the tracker' }).getAttribute('href')).to.equal('/track');
    const active = await user.read('/api/workouts/active-session');
    const [first] = await user.read(`/api/workout-session/workouts/${active.regimen_id}`);
    await user.send('POST', '/api/workout-session/log-exercise', { sessionId: active.session_id, workoutId: first.workout_id, sets: 3, reps: 8, weightUsed: 0, notes: '' });
    await page.getByRole('button', { name: 'End Session' }).click();
    await page.getByRole('alertdialog', { name: 'End this workout?' }).getByText('1 exercise logged').waitFor();
    await page.getByRole('button', { name: 'End workout' }).click();
    await page.getByRole('button', { name: 'Start Workout' }).waitFor();
    expect(await timer.innerText()).to.equal('00:00:00');
    // The browser's End was sent with its own position, which this client has not seen: read until it is projected.
    let summary = await user.read('/api/dashboard/summary');
    await until('the ended session in the summary', async () => (summary = await user.read('/api/dashboard/summary')).weekly.workoutsDone > 0);
    expect(summary.weekly.workoutsDone, 'the ended session, with an exercise logged, counts as a workout').to.equal(1);

    // The old plan is no longer primary: it can be deleted after the browser's confirmation.
    await page.locator('.plan-picker__toggle').click();
    const confirmed = acceptNextConfirm(page, 'Delete "Strength Starter"?');
    await page.getByRole('button', { name: 'Delete Strength Starter' }).click();
    await confirmed;
    await page.getByRole('status').getByText('Workout plan deleted').waitFor();
    await page.locator('.plan-picker__toggle').click();
    expect(await page.getByRole('button', { name: 'Strength Starter', exact: true }).count()).to.equal(0);
    await page.keyboard.press('Escape');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'journey-4-workout-plans');

    // Back in the chat, the conversation is still there and its plan is marked saved.
    await page.getByRole('link', { name: 'AI Chat' }).click();
    await page.getByRole('article', { name: `Workout plan: ${planName}` }).getByRole('button', { name: 'Saved' }).waitFor();
    expect(await page.getByText('Referencing workout plan: Strength Starter').count()).to.equal(1);
    await screenshot(page, 'journey-4-back-in-chat');
  });

  it('shows the empty state with a way to the chat when there are no plans', async () => {
    const user = await subscriberFor(e2e.server);
    page = await e2e.newPage({ width: 375, height: 740 });
    await user.open(page, '/work');
    await page.getByText('You have not made any workout plans yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Open AI Chat' }).getAttribute('href')).to.equal('/chat');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'work-empty-375');
  });
});
