import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { decodeToken, signUpOverHttp } from '../support/accounts.js';

describe('smoke', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('signs up, verifies, logs in and reads the profile', async () => {
    const { token, email, position } = await signUpOverHttp(server, { username: 'smoky' });
    expect(decodeToken(token)).to.include({ name: 'smoky', role: 1 });
    const profile = await server.call('GET', '/api/profile', { token, headers: { 'X-Min-Position': String(position) } });
    expect(profile.status).to.equal(200);
    expect(profile.body.email).to.equal(email);
  });
});
