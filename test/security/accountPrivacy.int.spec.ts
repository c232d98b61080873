import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { mailsArriving, signUpVerifiedUser, signupPayload } from '../support/accounts.js';

/** Issue 9, item 3: neither resend nor sign-up tells whether an address has an account. */
describe('account existence (issue 9.3)', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('answers resend-verification with one body for an unknown, an unverified and a verified address', async () => {
    const unverified = signupPayload();
    expect((await server.call('POST', '/api/signup-email', { json: unverified })).status).to.equal(201);
    const verified = await signUpVerifiedUser(server);

    const answers = [];
    for (const email of ['nobody-here@example.com', unverified.email, verified.email]) {
      answers.push(await server.call('POST', '/api/resend-verification', { json: { email } }));
    }

    for (const answer of answers) {
      expect(answer.status).to.equal(202);
      expect(answer.body).to.deep.equal({ message: 'If that address has an account waiting for verification, a new link is on its way.' });
    }
  });

  it('answers a sign-up for a taken address like a new one, appends no account and mails the owner instead', async () => {
    const owner = await signUpVerifiedUser(server);
    const fresh = await server.call('POST', '/api/signup-email', { json: signupPayload() });
    const before = await server.system.events.headPosition();

    const again = await server.call('POST', '/api/signup-email', { json: signupPayload({ email: owner.email.toUpperCase() }) });

    expect(again.status).to.equal(201);
    expect(Object.keys(again.body)).to.deep.equal(Object.keys(fresh.body));
    expect(again.body.message).to.equal(fresh.body.message);
    const appended = (await server.system.events.readAll(before, 100)).map((e) => e.type);
    expect(appended).to.not.include('UserSignedUp');
    const mails = await mailsArriving(server, owner.email, 2);
    expect(mails.map((m) => /^Subject: (.*)$/m.exec(m)![1])).to.include('Someone tried to sign up with your e-mail');
  });

  it('still names a taken username (usernames are public)', async () => {
    await signUpVerifiedUser(server, { username: 'public_name' });
    const res = await server.call('POST', '/api/signup-email', { json: signupPayload({ username: 'Public_Name' }) });
    expect(res.status).to.equal(409);
    expect(res.body.message).to.equal('That username is taken');
  });
});
