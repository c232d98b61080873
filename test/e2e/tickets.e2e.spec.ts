import { expect } from 'chai';
import { grantRole, signUpStaff, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { mailsTo } from '../../scripts/support/outbox.js';
import { until } from '../support/until.js';
import { e2eSuite, expectNoSeriousA11yViolations, screenshot, signInPage } from '../support/browser.js';

describe('journey 8: a ticket is submitted and staff change its status (e2e)', function () {
  const e2e = e2eSuite();

  it('a subscriber submits a ticket; staff see it on /tickets and move it to In Progress', async () => {
    // Given a subscriber on /ticket
    const subscriber = await signUpSubscriber(e2e.server, { username: 'ticket_sub', name: 'Sam Ticket' });
    const page = await e2e.newPage();
    await signInPage(page, subscriber.token, '/ticket');
    await page.getByRole('heading', { name: 'Report a problem' }).waitFor();
    expect(await page.getByRole('link', { name: 'View Ticket List' }).count()).to.equal(0);

    // A missing category is refused with the spec's text
    await page.getByLabel('Description').fill('The meal chart shows no bars on Sundays.');
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await page.getByText('Please select a category').waitFor();
    await expectNoSeriousA11yViolations(page);

    // When they choose a category and submit
    await page.getByLabel('Category').selectOption('Meal Plans');
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await page.getByText('Ticket submitted successfully for Meal Plans!').waitFor();

    // Then staff (role 2) see View Ticket List, and the ticket in the list as New
    const staff = await signUpStaff(e2e.server, { username: 'staff_member' });
    const admin = await e2e.newPage();
    await signInPage(admin, staff.token, '/ticket');
    await admin.getByRole('link', { name: 'View Ticket List' }).click();
    await admin.waitForURL('**/tickets');
    const row = admin.locator('tbody tr', { hasText: 'The meal chart shows no bars on Sundays.' });
    await row.waitFor();
    expect(await admin.locator('thead th').allTextContents()).to.deep.equal(['Ticket ID', 'User', 'Component', 'Description', 'Create Time', 'Status']);
    // Staff answer a person: the row names them (name and e-mail), the id beside.
    const who = await row.locator('td').nth(1).textContent();
    expect(who).to.include('Sam Ticket').and.to.include(subscriber.email).and.to.include(JSON.parse(Buffer.from(subscriber.token.split('.')[1]!, 'base64url').toString()).sub);
    expect(await row.locator('td').nth(2).textContent()).to.equal('Meal Plans');
    const status = row.getByRole('combobox');
    expect(await status.inputValue()).to.equal('New');

    // When staff change the status, it is sent and the reloaded list shows it; the server holds it too
    const reloaded = admin.waitForResponse((r) => r.url().endsWith('/api/tickets') && r.request().method() === 'GET');
    await status.selectOption('In Progress');
    await reloaded;
    expect(await status.inputValue()).to.equal('In Progress');
    const list = await e2e.server.call('GET', '/api/tickets', { token: staff.token });
    expect(list.body.find((t: { description: string }) => t.description.startsWith('The meal chart')).status).to.equal('In Progress');
    await admin.reload();
    await row.waitFor();
    expect(await row.getByRole('combobox').inputValue()).to.equal('In Progress');
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, 'journey-8-tickets');
  });

  it('at 390 px: the limit is stated before typing and counted while typing; nothing is cut; sent tickets are listed with their status', async () => {
    const subscriber = await signUpSubscriber(e2e.server, { username: 'counted_sub' });
    const page = await e2e.newPage({ width: 390, height: 844 });
    await signInPage(page, subscriber.token, '/ticket');
    await page.getByRole('heading', { name: 'Report a problem' }).waitFor();
    await page.getByText('Up to 5,000 characters.').waitFor();
    await page.getByText('0 / 5,000').waitFor();
    await page.getByRole('heading', { name: 'Your tickets' }).waitFor();
    await page.getByText('You have not sent a ticket yet.').waitFor();

    // Too long: kept whole, said so, and not sent
    await page.getByLabel('Category').selectOption('Progress');
    const tooLong = 'x'.repeat(5003);
    await page.getByLabel('Description').fill(tooLong);
    expect((await page.getByLabel('Description').inputValue()).length).to.equal(5003);
    await page.getByText('5,003 / 5,000').waitFor();
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await page.getByText('The description must be at most 5,000 characters (3 over).').waitFor();
    await screenshot(page, 'tickets-too-long-390');

    // Sent: it shows under Your tickets, New
    await page.getByLabel('Description').fill('The weekly chart skips Sunday.');
    await page.getByText('30 / 5,000').waitFor();
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await page.getByText('Ticket submitted successfully for Progress!').waitFor();
    const mine = page.getByRole('list', { name: 'Your tickets' }).getByRole('listitem').filter({ hasText: 'The weekly chart skips Sunday.' });
    await mine.waitFor();
    await mine.getByText('New', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'tickets-yours-390');
  });

  it('at 390 px: a non-subscriber on /tickets is told what the page is and where to go; staff keep each ticket’s person and Status on screen', async () => {
    const member = await signUpVerifiedUser(e2e.server, { username: 'curious_member' });
    const page = await e2e.newPage({ width: 390, height: 844 });
    await signInPage(page, member.token, '/tickets');
    await page.getByText('The ticket list is for our support team.').waitFor();
    expect(await page.getByText('Change a status').count()).to.equal(0);
    expect(await page.locator('table').count()).to.equal(0);
    await page.getByRole('link', { name: 'See the subscription' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'tickets-not-staff-390');

    // The privacy page sends them to the self-service deletion, not to a ticket they cannot open.
    await page.goto('/privacy');
    await page.getByRole('link', { name: 'delete your account' }).click();
    await page.waitForURL('**/prof#delete');
    await page.waitForFunction(() => {
      const top = document.getElementById('delete')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 200;
    });

    const staff = await signUpStaff(e2e.server, { username: 'phone_staff' });
    const admin = await e2e.newPage({ width: 390, height: 844 });
    await signInPage(admin, staff.token, '/tickets');
    const first = admin.locator('tbody tr').first();
    await first.waitFor();
    const status = first.getByRole('combobox');
    const box = (await status.boundingBox())!;
    expect(box.x).to.be.at.least(0);
    expect(box.x + box.width).to.be.at.most(390);
    expect(await first.locator('td').nth(1).textContent()).to.include('@example.com');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, 'tickets-staff-390');
  });

  it('at 390 px: a user asks, staff answer from the ticket’s page, the user reads the reply (the unread mark, then gone)', async () => {
    // Given a subscriber who asks on /ticket
    const asker = await signUpSubscriber(e2e.server, { username: 'push_up_asker', name: 'Pia Asker' });
    const page = await e2e.newPage({ width: 390, height: 844 });
    await signInPage(page, asker.token, '/ticket');
    await page.getByLabel('Category').selectOption('Workouts');
    await page.getByLabel('Description').fill('What weight do I type for push-ups?');
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await page.getByText('Ticket submitted successfully for Workouts!').waitFor();

    // When staff find it through the nav and a search, open it and answer
    const staff = await signUpStaff(e2e.server, { username: 'answering_staff' });
    const admin = await e2e.newPage({ width: 390, height: 844 });
    await signInPage(admin, staff.token, '/');
    await admin.getByRole('button', { name: /menu/i }).click();
    await admin.getByRole('link', { name: 'Tickets', exact: true }).click();
    await admin.waitForURL('**/tickets');
    await admin.getByLabel('Search', { exact: true }).fill('push-ups');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await until('the search to narrow the list to one ticket', async () => (await admin.locator('tbody tr').count()) === 1 && (await admin.locator('tbody tr').first().textContent())!.includes('push-ups'));
    await admin.setViewportSize({ width: 1280, height: 900 });
    await screenshot(admin, 'tickets-staff-search-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.locator('tbody tr').first().getByRole('link', { name: /^Open ticket/ }).click();
    await admin.getByRole('heading', { name: 'Workouts ticket' }).waitFor();
    await admin.getByText('Pia Asker').waitFor();
    await admin.getByText('No replies yet.').waitFor();
    await admin.getByLabel('Reply to the person').fill('Leave the weight empty: push-ups use your body weight.');
    await admin.getByRole('button', { name: 'Send reply' }).click();
    await admin.getByText('Reply sent').waitFor();
    await admin.getByRole('list', { name: 'Replies' }).getByText('Leave the weight empty').waitFor();
    await admin.getByRole('combobox', { name: /^Status of ticket/ }).selectOption('Completed');
    await admin.getByText('Saved', { exact: true }).waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, 'ticket-detail-staff-390');
    await admin.setViewportSize({ width: 1280, height: 900 });
    await screenshot(admin, 'ticket-detail-staff-1280');

    // Then the user gets a mail with the way back (not the reply's words) ...
    await until('the reply mail', () => mailsTo(e2e.server.dataDir, asker.email).some((text) => text.includes('answered your ticket')));
    const mail = mailsTo(e2e.server.dataDir, asker.email).find((text) => text.includes('answered your ticket'))!;
    expect(mail).to.include('/ticket').and.not.include('body weight');

    // ... and on /ticket the ticket is marked with one new reply, until they read it
    await page.reload();
    const mine = page.getByRole('list', { name: 'Your tickets' }).getByRole('listitem').filter({ hasText: 'What weight do I type for push-ups?' });
    await mine.getByText('1 new reply').waitFor();
    await mine.getByText('Completed', { exact: true }).waitFor();
    await screenshot(page, 'ticket-unread-390');
    await mine.getByRole('button', { name: 'Show 1 reply' }).click();
    await mine.getByText('Leave the weight empty: push-ups use your body weight.').waitFor();
    await mine.getByText('1 new reply').waitFor({ state: 'detached' });
    await mine.getByLabel('Reply to our team').fill('Thanks, that worked!');
    await mine.getByRole('button', { name: 'Send reply' }).click();
    await mine.getByText('Reply sent').waitFor();
    await mine.getByText('Thanks, that worked!').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'ticket-reply-read-390');
    // Read stays read after a reload.
    await page.reload();
    await mine.getByRole('button', { name: 'Show 2 replies' }).waitFor();
    expect(await mine.getByText('1 new reply').count()).to.equal(0);

    // Once their subscription has lapsed, /ticket still shows their threads to answer, without the form
    await grantRole(e2e.server, asker.token, 1);
    const lapsed = await e2e.server.call('POST', '/api/login', { json: { identifier: asker.email, password: asker.payload.password } });
    await signInPage(page, lapsed.body.token, '/ticket');
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    await mine.getByRole('button', { name: 'Show 2 replies' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit Ticket' }).count()).to.equal(0);
    await page.getByRole('link', { name: 'See the plans' }).waitFor();
  });
});
