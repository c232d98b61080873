import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startTestServer } from '../support/server.js';
import { decodeToken, signUpVerifiedUser } from '../support/accounts.js';

const run = promisify(execFile);
const admin = (dataDir: string, ...args: string[]) =>
  run('node', ['--import', 'tsx', 'scripts/admin.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });

describe('npm run admin -- grant <email>', () => {
  it('makes an account staff from another process while the app runs, and the API sees it', async function () {
    // The app and the CLI, each a process compiling its TypeScript first: many seconds on a loaded machine.
    this.timeout(120_000);
    const server = await startTestServer();
    try {
      const user = await signUpVerifiedUser(server);
      expect((await server.call('GET', '/api/tickets', { token: user.token })).status).to.equal(403);

      const { stdout } = await admin(server.dataDir, 'grant', user.email.toUpperCase());
      expect(stdout).to.match(/granted role 2 \(admin\)/);
      const position = Number(/at position (\d+)/.exec(stdout)![1]);

      // The running app picks up an append made by another process on the same file.
      const tickets = await server.call('GET', '/api/tickets', { token: user.token, headers: { 'X-Min-Position': String(position) } });
      expect(tickets.status).to.equal(200);
      const profile = await server.call('GET', '/api/profile', { token: user.token });
      expect(profile.body.role).to.equal(2);
      const login = await server.call('POST', '/api/login', { json: { identifier: user.email, password: user.payload.password } });
      expect(decodeToken(login.body.token).role).to.equal(2);
      const events = await server.system.events.readAll(0, 10_000);
      expect(events.filter((e) => e.type === 'RoleGranted')).to.have.length(1);
    } finally {
      await server.stop();
    }
  });

  it('says so when there is no such account, and how to call it without arguments', async () => {
    const server = await startTestServer();
    await server.stop();
    const missing = await admin(server.dataDir, 'grant', 'nobody@example.com').catch((e) => e);
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.match(/no account with the e-mail nobody@example.com/);
    const usage = await admin(server.dataDir).catch((e) => e);
    expect(usage.code).to.equal(2);
    expect(usage.stderr).to.match(/usage: npm run admin -- grant <email>/);
  });
});
