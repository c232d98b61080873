import { expect } from 'chai';
import { grantRole, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { expectNoSeriousA11yViolations, screenshot, signInPage, startE2E, type E2E } from '../support/browser.js';

describe('journey 8: a ticket is submitted and staff change its status (e2e)', function () {
  let e2e: E2E;
  before(async function () {
    e2e = await startE2E(this);
  });
  after(async () => e2e?.stop());

  it('a subscriber submits a ticket; staff see it on /tickets and move it to In Progress', async () => {
    // Given a subscriber on /ticket
    const subscriber = await signUpSubscriber(e2e.server, { username: 'ticket_sub' });
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
    const staff = await signUpVerifiedUser(e2e.server, { username: 'staff_member' });
    await grantRole(e2e.server, staff.token, 2);
    const login = await e2e.server.call('POST', '/api/login', { json: { identifier: staff.email, password: staff.payload.password } });
    const admin = await e2e.newPage();
    await signInPage(admin, login.body.token as string, '/ticket');
    await admin.getByRole('link', { name: 'View Ticket List' }).click();
    await admin.waitForURL('**/tickets');
    const row = admin.locator('tbody tr', { hasText: 'The meal chart shows no bars on Sundays.' });
    await row.waitFor();
    expect(await admin.locator('thead th').allTextContents()).to.deep.equal(['Ticket ID', 'User ID', 'Component', 'Description', 'Create Time', 'Status']);
    expect(await row.locator('td').nth(1).textContent()).to.equal(JSON.parse(Buffer.from(subscriber.token.split('.')[1]!, 'base64url').toString()).sub);
    expect(await row.locator('td').nth(2).textContent()).to.equal('Meal Plans');
    const status = row.getByRole('combobox');
    expect(await status.inputValue()).to.equal('New');

    // When staff change the status, it is sent and the reloaded list shows it; the server holds it too
    const reloaded = admin.waitForResponse((r) => r.url().endsWith('/api/tickets') && r.request().method() === 'GET');
    await status.selectOption('In Progress');
    await reloaded;
    expect(await status.inputValue()).to.equal('In Progress');
    const list = await e2e.server.call('GET', '/api/tickets', { token: login.body.token as string });
    expect(list.body.find((t: { description: string }) => t.description.startsWith('The meal chart')).status).to.equal('In Progress');
    await admin.reload();
    await row.waitFor();
    expect(await row.getByRole('combobox').inputValue()).to.equal('In Progress');
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, 'journey-8-tickets');
  });
});
