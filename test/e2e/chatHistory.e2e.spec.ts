import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot } from '../support/browser.js';
import { subscriberFor } from './dataScreens.js';

/** The conversation survives a reload: it comes back from the log, its plans still savable, until a new one starts. */
describe('the chat remembers the conversation (e2e)', function () {
  this.timeout(180_000);
  const e2e = e2eSuite({ CHAT_BURST_LIMIT: '1000' });

  // The trainer's replies: not the welcome (with its starters), which shows only while the conversation is empty,
  // and not the typing indicator.
  const repliesOn = (page: Page) => page.locator('.message--ai:not(.message--waiting):not(:has(.chat__starters))');
  const sendMessage = async (page: Page, text: string) => {
    const before = await repliesOn(page).count();
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill(text);
    await input.press('Enter');
    await repliesOn(page).nth(before).waitFor();
    await page.locator('.message--waiting').waitFor({ state: 'detached' });
  };

  for (const width of [1280, 375]) {
    it(`at ${width} px: history after a reload, a plan from before the reload saves, a new conversation starts empty`, async () => {
      const user = await subscriberFor(e2e.server, { accessibilityNeeds: 'bad knees', gymExperience: 0.05, weeklyWorkoutFrequency: 3 });
      const page = await e2e.newPage({ width, height: width === 375 ? 740 : 900 });
      await user.open(page, '/chat');
      await sendMessage(page, 'I am vegetarian');
      await sendMessage(page, 'Make me a meal plan');
      await page.locator('.plan-card').first().waitFor();

      await page.reload();
      const log = page.getByRole('log', { name: 'Conversation' });
      await log.getByText('Make me a meal plan', { exact: true }).waitFor();
      expect((await page.locator('.message--user .message__text').allInnerTexts()).map((t) => t.trim())).to.deep.equal(['I am vegetarian', 'Make me a meal plan']);
      const card = page.locator('.plan-card').first();
      expect(await card.innerText()).to.match(/Vegetarian/);
      expect(await card.innerText()).not.to.match(/salmon|chicken|steak|tuna/i);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `chat-history-after-reload-${width}`);
      // What the person sees first after the reload: the top of the page, then the end of the conversation.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `chat-history-top-${width}`, { fullPage: false });

      await card.getByRole('button', { name: /Save/ }).click();
      await page.getByText('Meal plan saved!').waitFor();
      const plans = await user.read('/api/meal-plans');
      expect(plans.map((p: { name: string }) => p.name)[0]).to.match(/^Vegetarian/);

      // Asked after the reload, the trainer still has the conversation: "why" about its plan, with no slash command.
      await sendMessage(page, 'Make me a workout plan');
      await sendMessage(page, 'Why did you pick the box squat?');
      expect(await page.locator('.message--ai').last().innerText()).to.contain('Box Squat to a High Box');
      await screenshot(page, `chat-why-${width}`);
      await screenshot(page, `chat-why-view-${width}`, { fullPage: false });

      await page.getByRole('button', { name: 'New conversation' }).click();
      await page.getByRole('button', { name: 'Make me a workout plan' }).waitFor();
      expect(await page.locator('.message--user').count()).to.equal(0);
      await page.reload();
      await page.getByRole('button', { name: 'Make me a meal plan' }).waitFor();
      expect(await page.locator('.message--user').count()).to.equal(0);
      await screenshot(page, `chat-new-conversation-${width}`);
    });
  }

  it('pages back through a long conversation with "Show earlier messages", oldest first', async () => {
    const user = await subscriberFor(e2e.server);
    for (let i = 1; i <= 22; i++) await user.send('POST', '/api/chat', { message: `Question ${i}: how much water?`, recentHistory: [], useMealPlan: false, useWorkoutPlan: false });
    const page = await e2e.newPage({ width: 1280, height: 900 });
    await user.open(page, '/chat');
    await page.getByText('Question 22: how much water?').waitFor();
    const questions = async () => (await page.locator('.message--user .message__text').allInnerTexts()).map((t) => Number(/Question (\d+)/.exec(t)![1]));
    expect(await questions()).to.deep.equal(Array.from({ length: 20 }, (_, i) => i + 3));
    await page.getByRole('button', { name: 'Show earlier messages' }).click();
    await page.getByText('Question 1: how much water?').waitFor();
    expect(await questions()).to.deep.equal(Array.from({ length: 22 }, (_, i) => i + 1));
    expect(await page.getByRole('button', { name: 'Show earlier messages' }).count()).to.equal(0);
  });
});
