import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { SERIES } from '../../contract/analytics/seriesNames.js';
import { subscriptionStream } from '../../events/streams.js';
import { grantRole, signUpPayingSubscriber, signUpSubscriber, signUpVerifiedUser, verificationLink } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { eventsOf, settled } from '../workers/support.js';
import { ask } from '../chat/support.js';
import { mailsTo } from '../../scripts/support/outbox.js';
import { until } from '../support/until.js';

const INVALID_LOGIN = 'Invalid e-mail/username or password';

/** Every file under `dir`, with its path. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The needles found in any file under the data directory, as `needle in file`. */
function foundOnDisk(dataDir: string, needles: string[]): string[] {
  return filesUnder(dataDir).flatMap((file) => {
    const bytes = fs.readFileSync(file);
    return needles.filter((n) => bytes.includes(Buffer.from(n, 'utf8')) || bytes.includes(Buffer.from(n.toLowerCase(), 'utf8'))).map((n) => `${n} in ${path.relative(dataDir, file)}`);
  });
}

describe('DELETE /api/account: the account, and everything personal in it (HTTP)', function () {
  this.timeout(120_000);
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => server?.stop());

  const del = (token: string | undefined, json: unknown) => server.call('DELETE', '/api/account', { token, json });

  it('refuses without a token (401), without a password (400), with a wrong one (400); nothing is deleted', async () => {
    const user = await signUpVerifiedUser(server);
    expect((await del(undefined, { password: user.payload.password })).status).to.equal(401);
    const missing = await del(user.token, {});
    expect(missing.status).to.equal(400);
    expect(missing.body.message).to.include('password is required');
    const wrong = await del(user.token, { password: 'not it' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body).to.deep.equal({ message: 'Your current password is not correct.' });
    expect((await server.call('GET', '/api/profile', { token: user.token })).status).to.equal(200);
  });

  it('cancels an active subscription first; afterwards login fails as for an unknown account, every token is 401, and the e-mail and username are free', async () => {
    const username = `del_${Math.random().toString(36).slice(2, 8)}`;
    const person = await signUpPayingSubscriber(server, { username });
    const second = (await server.call('POST', '/api/login', { json: { identifier: username, password: person.payload.password } })).body.token as string;

    const deleted = await del(person.token, { password: person.payload.password });
    expect(deleted.status).to.equal(200);
    expect(deleted.body.message).to.equal('Your account has been deleted, and everything personal in it with it. Goodbye, and thank you for training with us.');
    expect(deleted.body.position).to.be.a('number');

    const cancelled = await eventsOf(server.system.events, subscriptionStream(person.token && JSON.parse(Buffer.from(person.token.split('.')[1]!, 'base64url').toString()).sub), 'SubscriptionCancelled');
    expect(cancelled.map((e) => (e.data as { reason: string }).reason)).to.deep.equal(['Account deleted']);

    for (const token of [person.token, second]) expect((await server.call('GET', '/api/profile', { token })).status).to.equal(401);
    for (const identifier of [person.email, username]) {
      const login = await server.call('POST', '/api/login', { json: { identifier, password: person.payload.password } });
      expect(login.status).to.equal(401);
      expect(login.body).to.deep.equal({ message: INVALID_LOGIN });
    }

    // The workers take the old account's mails out of the outbox once it is deleted.
    await until("the old account's mails leave the outbox", () => mailsTo(server.dataDir, person.email).length === 0);
    // Someone new signs up with the same e-mail and username.
    const again = await server.call('POST', '/api/signup-email', { json: { ...person.payload, password: 'someone else 1' } });
    expect(again.status).to.equal(201);
    const link = new URL(await verificationLink(server, person.email));
    // The old account's mails left the outbox, so this link is the new account's own.
    expect((await server.call('GET', link.pathname + link.search)).status).to.equal(302);
    const login = await server.call('POST', '/api/login', { json: { identifier: username, password: 'someone else 1' } });
    expect(login.status).to.equal(200);
    const profile = await server.call('GET', '/api/profile', { token: login.body.token, headers: { 'X-Min-Position': String(login.body.position) } });
    expect(profile.body).to.include({ email: person.email, role: 1 });
  });

  it('leaves no byte of the person on disk (SQLite file, WAL, outbox), in another user\'s export, or in any read model, even after a replay; the analysts\' counts stay', async () => {
    const name = 'Zephyrine Quillfeather';
    const username = `zq_${Math.random().toString(36).slice(2, 8)}`;
    const email = `zephyrine.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const texts = {
      accessibility: 'left knee reconstructed in Tromsø',
      diet: 'allergic to cloudberries',
      chat: 'my physiotherapist Mrs Abernathy says no lunges',
      ticket: 'the timer froze during my Saturday Brockwell park session',
      notes: 'felt the old Tromsø injury',
    };
    await server.call('POST', '/api/waitlist', { json: { email, source: 'landing' } });
    const person = await signUpSubscriber(server, { email, username });
    const other = await signUpSubscriber(server);
    const staff = await signUpVerifiedUser(server);
    await grantRole(server, staff.token, 2);
    const call = async (method: string, p: string, json: unknown, token = person.token) => {
      const answer = await server.call(method, p, { token, json });
      if (answer.status >= 300) throw new Error(`${method} ${p}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    await call('PUT', '/api/profile', { name, age: 33, gender: 'Female', height: 66, weight: 150, targetWeight: 140, primaryGoal: 'Lose weight', weeklyWorkoutFrequency: 3, activityLevel: 'Very active', accessibilityNeeds: texts.accessibility, allergies: texts.diet });
    await call('POST', '/api/chat', ask(texts.chat));
    await call('POST', '/api/ticket-report', { component: 'Workouts', description: texts.ticket });
    const { regimenId } = await call('POST', '/api/chat', ask('Make me a workout plan')).then(async (answer: { planData?: unknown[] }) => {
      const plan = answer.planData?.find((p) => (p as { planType?: string }).planType === 'workout') ?? answer.planData?.[0];
      return call('POST', '/api/savePlan', plan);
    });
    const { sessionId } = await call('POST', '/api/workout-session/start', { regimenId });
    await call('POST', '/api/workout-session/log-exercise', { sessionId, workoutId: 'd1-e1', sets: 3, reps: 10, weightUsed: 20, notes: texts.notes });
    // A change signs every device out, this one too: it goes on with the token of its new sign-in.
    const { token: changedToken } = (await call('PUT', '/api/password', { currentPassword: person.payload.password, newPassword: 'another secret 1' })) as { token: string };
    // Another user's activity, which must all stay.
    await call('POST', '/api/chat', ask('what about squats?'), other.token);
    await settled(server.system);

    const needles = [email, username, name, ...Object.values(texts)];
    // Before the deletion the read models hold the person in the clear (the log holds them sealed).
    const onDiskBefore = foundOnDisk(server.dataDir, needles).join('\n');
    for (const needle of [email, name, texts.accessibility, texts.ticket, texts.notes]) expect(onDiskBefore).to.include(needle);
    const analytics = async () => Promise.all(SERIES.map(async (s) => (await server.call('GET', `/api/analytics/${s}`, { token: staff.token })).body));
    const before = await analytics();

    const deleted = await del(changedToken, { password: 'another secret 1' });
    expect(deleted.status).to.equal(200);
    await settled(server.system);

    expect(foundOnDisk(server.dataDir, needles)).to.deep.equal([]);
    // The log itself, read through the store (where the keys would open it): the person's fields read as forgotten.
    const userId = JSON.parse(Buffer.from(person.token.split('.')[1]!, 'base64url').toString()).sub as string;
    const history = JSON.stringify(await server.system.events.readUser(userId));
    for (const needle of needles) expect(history).to.not.include(needle);
    expect(history).to.include('"name":"[deleted]"');
    const exported = await server.call('GET', '/api/export?format=jsonl', { token: other.token });
    expect(exported.status).to.equal(200);
    for (const needle of needles) expect(exported.text).to.not.include(needle);
    expect(exported.text).to.include('what about squats?');

    const readModelsHoldNothing = async () => {
      for (const collection of ['profiles', 'regimens', 'mealPlans', 'sessionMonths', 'openSessions', 'tickets', 'waitlist', 'analyticsUsers']) {
        const docs = JSON.stringify(await server.system.readModels.list(collection));
        for (const needle of needles) expect(docs, `${collection} holds ${needle}`).to.not.include(needle);
      }
      for (const collection of ['profiles', 'regimens', 'mealPlans', 'openSessions']) expect(await server.system.readModels.get(collection, userId), collection).to.equal(undefined);
      expect(await server.system.readModels.range('sessionMonths', `${userId}/`)).to.deep.equal([]);
      const tickets = await server.call('GET', '/api/tickets', { token: staff.token });
      expect(JSON.stringify(tickets.body)).to.not.include(texts.ticket);
    };
    await readModelsHoldNothing();
    expect(await analytics()).to.deep.equal(before);

    // A replay from position 0 after the deletion: the same read models, nothing of the person, the same counts.
    await server.system.projector.stop();
    await server.system.projector.rebuild();
    await server.system.projector.start();
    await readModelsHoldNothing();
    expect(await analytics()).to.deep.equal(before);
    expect(foundOnDisk(server.dataDir, needles).filter((f) => !f.includes('-wal'))).to.deep.equal([]);
  });
});
