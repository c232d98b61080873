import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.js';
import { mailsArriving, signupPayload, verificationLink } from '../support/accounts.js';
import { mailsTo } from '../../scripts/support/outbox.js';

describe('POST /api/signup-email', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  const head = () => server.system.events.headPosition();

  it('creates the account and sends a verification mail whose link verifies, signs in once and redirects', async () => {
    const payload = signupPayload({ username: 'newbie_1' });
    const res = await server.call('POST', '/api/signup-email', { json: payload });
    expect(res.status).to.equal(201);
    expect(res.body.message).to.match(/verify/i);
    expect(res.body.position).to.be.a('number').above(0);

    const link = await verificationLink(server, payload.email);
    const [mail] = mailsTo(server.dataDir, payload.email);
    expect(mail).to.match(/^Subject: Verify your e-mail/m);
    const url = new URL(link);
    const verified = await server.call('GET', url.pathname + url.search);
    expect(verified.status).to.equal(302);
    // The first use signs the holder in: a session in the fragment, which works; used again, it signs nobody in.
    const landed = verified.headers.get('location')!;
    expect(landed).to.match(/^\/verification-success#token=[\w-]+\.[\w-]+\.[\w-]+$/);
    const session = decodeURIComponent(landed.split('#token=')[1]!);
    expect((await server.call('GET', '/api/profile', { token: session })).status).to.equal(200);
    const again = await server.call('GET', url.pathname + url.search);
    expect(again.headers.get('location')).to.equal('/verification-success');

    const types = (await server.system.events.readAll(0, 1000)).filter((e) => e.metadata.correlationId && e.type !== 'UserLoggedIn').map((e) => e.type);
    expect(types).to.include.members(['EmailClaimed', 'UsernameClaimed', 'UserSignedUp', 'MeasurementRecorded', 'VerificationMailRequested', 'EmailVerified']);
  });

  it('refuses a verification link that was tampered with or is a session token', async () => {
    const bad = await server.call('GET', '/api/verify-email?token=abc.def.ghi');
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.match(/invalid or has expired/);
    const none = await server.call('GET', '/api/verify-email');
    expect(none.status).to.equal(400);
  });

  it('answers a taken e-mail (any case) like a new sign-up without a second account, and 409 for a taken username', async () => {
    const first = signupPayload({ username: 'TakenName' });
    const created = await server.call('POST', '/api/signup-email', { json: first });
    expect(created.status).to.equal(201);
    const before = await head();
    // The answer must not tell that the address has an account (test/security/accountPrivacy covers the mail).
    const sameEmail = await server.call('POST', '/api/signup-email', { json: signupPayload({ email: `  ${first.email.toUpperCase()} ` }) });
    expect(sameEmail.status).to.equal(201);
    expect(sameEmail.body.message).to.equal(created.body.message);
    expect((await server.system.events.readAll(before, 100)).map((e) => e.type)).to.deep.equal(['VerificationMailRequested']);
    const afterEmail = await head();
    const sameUsername = await server.call('POST', '/api/signup-email', { json: signupPayload({ username: 'takenname' }) });
    expect(sameUsername.status).to.equal(409);
    expect(sameUsername.body.message).to.equal('That username is taken');
    expect(await head()).to.equal(afterEmail);
  });

  const invalid: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a missing e-mail', { email: undefined }, /email/],
    ['an e-mail that is not one', { email: 'not-an-email' }, /email must be a valid e-mail/],
    ['a username with a space', { username: 'two words' }, /username may only contain letters, digits and underscore/],
    ['a password under 6 characters', { password: '12345' }, /password must be at least 6 characters/],
    ['a missing password', { password: undefined }, /password is required/],
    ['a missing age', { age: undefined }, /age is required/],
    ['an age of 0', { age: 0 }, /age must be at least 1/],
    ['an age given as text', { age: 'thirty' }, /age: must be a number/],
    ['a missing height', { height: undefined }, /height is required/],
    ['a weight given as text', { weight: '160' }, /weight: must be a number/],
    ['a missing fitness goal', { primaryGoal: '' }, /fitness goal is required/],
    ['8 weekly workouts', { weeklyWorkoutFrequency: 8 }, /weeklyWorkoutFrequency: must be at most 7/],
    ['gym experience above 1', { gymExperience: 1.5 }, /gymExperience: must be between 0 and 1/],
    ['an unknown activity level', { activityLevel: 'Couch' }, /activityLevel: must be one of/],
    ['a missing activity level', { activityLevel: undefined }, /activity level is required/],
    ['an unknown help preference', { helpPreferences: ['Massages'] }, /helpPreferences/],
    ['an unknown gender', { gender: 'Robot' }, /gender: must be one of Male, Female, Other/],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, /timeZone: must be an IANA time zone/],
    ['an over-long accessibility text', { accessibilityNeeds: 'x'.repeat(1001) }, /at most 1000 characters/],
    ['an unknown field', { isAdmin: true }, /unknown field isAdmin/],
    ['an equipment not in the list', { equipment: 'treadmill' }, /equipment: equipment must be one of: gym, dumbbells, bodyweight/],
    ['units not lb or kg', { units: 'stone' }, /units: units must be one of: lb, kg/],
    ['allergies that are not text', { allergies: [1, 2] }, /allergies: must be text/],
  ];
  for (const [what, change, message] of invalid) {
    it(`answers 400 naming the field for ${what}, and appends nothing`, async () => {
      const before = await head();
      const res = await server.call('POST', '/api/signup-email', { json: signupPayload(change) });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(message);
      expect(await head()).to.equal(before);
    });
  }

  it('answers 400 for malformed JSON and a body that is not an object, 413 for a huge one', async () => {
    const malformed = await server.call('POST', '/api/signup-email', { body: '{"email": ' });
    expect(malformed.status).to.equal(400);
    expect(malformed.body).to.deep.equal({ message: 'Malformed JSON body' });
    expect((await server.call('POST', '/api/signup-email', { body: '[1,2]' })).status).to.equal(400);
    expect((await server.call('POST', '/api/signup-email', { body: '"text"' })).status).to.equal(400);
    const huge = await server.call('POST', '/api/signup-email', { json: signupPayload({ accessibilityNeeds: 'x'.repeat(200_000) }) });
    expect(huge.status).to.equal(413);
  });

  it('resends a verification mail for an unverified account and answers the same for an unknown address', async () => {
    const payload = signupPayload();
    await server.call('POST', '/api/signup-email', { json: payload });
    await verificationLink(server, payload.email);
    const resent = await server.call('POST', '/api/resend-verification', { json: { email: payload.email } });
    expect(resent.status).to.equal(202);
    await server.system.queue.drain();
    expect(await mailsArriving(server, payload.email, 2, 1000)).to.have.length(2);
    const unknown = await server.call('POST', '/api/resend-verification', { json: { email: 'nobody@example.com' } });
    expect(unknown.status).to.equal(202);
    expect(unknown.body.message).to.equal(resent.body.message);
  });
});
