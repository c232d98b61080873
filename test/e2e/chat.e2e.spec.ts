import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { signUpVerifiedUser } from '../support/accounts.js';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot, signInPage } from '../support/browser.js';
import { subscriberFor } from './dataScreens.js';

describe('the chat’s commands and refusals (e2e)', function () {
  this.timeout(120_000);
  const e2e = e2eSuite();
  let page: Page;

  it('suggests the slash commands, opens Chat Help, and clears a mode with Backspace on an empty input', async () => {
    const user = await subscriberFor(e2e.server);
    page = await e2e.newPage();
    await user.open(page, '/chat');
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('/');
    const commands = page.getByRole('list', { name: 'Commands' });
    expect(await commands.getByRole('button').allInnerTexts()).to.have.length(3);
    await commands.getByRole('button', { name: /\/help/ }).click();
    const help = page.getByRole('dialog', { name: 'Chat Help' });
    await help.waitFor();
    await help.getByRole('button', { name: 'Close', exact: true }).click();

    await input.fill('/meal ');
    await page.locator('.command-tag').getByText('/meal').waitFor();
    expect(await input.inputValue()).to.equal('');
    await input.press('Backspace');
    expect(await page.locator('.command-tag').count()).to.equal(0);

    // Whitespace is not sent; Shift+Enter is a new line, not a send.
    await input.fill('   ');
    await input.press('Enter');
    expect(await page.locator('.message--user').count()).to.equal(0);
    await input.fill('first line');
    await input.press('Shift+Enter');
    await input.pressSequentially('second line');
    expect(await input.inputValue()).to.equal('first line\nsecond line');
    expect(await page.locator('.message--user').count()).to.equal(0);
    await expectNoSeriousA11yViolations(page);
  });

  it('opens Subscription Required for a signed-in non-subscriber, with a way to /prof', async () => {
    const plain = await signUpVerifiedUser(e2e.server);
    page = await e2e.newPage({ width: 375, height: 740 });
    await signInPage(page, plain.token, '/chat');
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Hello');
    await input.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Subscription Required' });
    await popup.getByText('You need an active subscription to chat with the assistant.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'chat-subscription-required-375');
    await popup.getByRole('button', { name: 'View Subscription' }).click();
    await page.waitForURL('**/prof#subscription');
  });

  it('opens Authentication Required for a visitor, with a way to /login', async () => {
    page = await e2e.newPage();
    await page.goto('/chat');
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Hello');
    await input.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Authentication Required' });
    await popup.getByText('You need to be logged in to chat with the assistant.').waitFor();
    await popup.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/login');
  });
});
