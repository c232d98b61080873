import { expect } from 'chai';
import { FORGOTTEN } from '../../events/personal.js';
import type { EventStore, NewEvent } from '../../events/store/port.js';
import { regimenStream, userStream, workoutRosterStream } from '../../events/streams.js';
import { decodeToken, resetTokenFor, signupPayload, signUpSubscriber, signUpVerifiedUser } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/until.js';
import { samplePlan } from '../workouts/plan.js';
import { DISPATCHER_CHECKPOINT } from '../../services/workers/src/dispatcher.js';

const DELETED = 'Your account has been deleted, and everything personal in it with it. Goodbye, and thank you for training with us.';

/**
 * A request cut short at one instant, as a crash would cut it: the store's append of the first event of `types`
 * goes through and then throws, so nothing after it in that request runs. `fail` makes the append throw instead,
 * with nothing stored.
 */
function cutAfter(store: EventStore, types: string[], how: 'after' | 'fail' = 'after', error: Error = new Error('the process died here')) {
  const append = store.append.bind(store);
  store.append = async (stream: string, events: NewEvent[], ...rest) => {
    if (!events.some((e) => types.includes(e.type))) return append(stream, events, ...rest);
    store.append = append;
    if (how === 'after') await append(stream, events, ...rest);
    throw error;
  };
  return () => (store.append = append);
}

const login = (server: TestServer, identifier: string, password: string) => server.call('POST', '/api/login', { json: { identifier, password } });

describe('promises kept when a request is cut short (deletion, password change and reset, sign-up, plan save, session end)', function () {
  this.timeout(30_000);
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(async () => server.stop());

  it('a deletion cut short after its first event: the old token is refused at once, a restart finishes it (key destroyed), a retry answers success', async () => {
    const person = await signUpVerifiedUser(server);
    const userId = decodeToken(person.token).sub;
    // AccountDeleted: the first event a deletion stored before it had a start of its own.
    const restore = cutAfter(server.system.events, ['AccountDeletionStarted', 'AccountDeleted']);
    const cut = await server.call('DELETE', '/api/account', { token: person.token, json: { password: person.payload.password } });
    restore();
    expect(cut.status).to.equal(500);
    expect((await server.call('GET', '/api/profile', { token: person.token })).status).to.equal(401);
    expect((await login(server, person.email, person.payload.password)).status).to.equal(401);

    server = await server.restart();
    await until('the deletion is finished after the restart', async () => (await server.system.events.readStream(userStream(userId))).some((e) => e.type === 'AccountDeleted'));
    const signedUp = (await server.system.events.readStream(userStream(userId))).find((e) => e.type === 'UserSignedUp')!;
    expect((signedUp.data as { email: string }).email).to.equal(FORGOTTEN);
    expect((await server.call('GET', '/api/profile', { token: person.token })).status).to.equal(401);

    const retry = await server.call('DELETE', '/api/account', { token: person.token, json: { password: person.payload.password } });
    expect(retry.status).to.equal(200);
    expect(retry.body.message).to.equal(DELETED);
  });

  it('a deletion cut short after its first event is finished by the workers, with no restart', async () => {
    const person = await signUpVerifiedUser(server);
    const userId = decodeToken(person.token).sub;
    const restore = cutAfter(server.system.events, ['AccountDeletionStarted']);
    const cut = await server.call('DELETE', '/api/account', { token: person.token, json: { password: person.payload.password } });
    restore();
    expect(cut.status).to.equal(500);
    await until('the workers finish the deletion', async () => (await server.system.events.readStream(userStream(userId))).some((e) => e.type === 'AccountDeleted'));
    const signedUp = (await server.system.events.readStream(userStream(userId))).find((e) => e.type === 'UserSignedUp')!;
    expect((signedUp.data as { email: string }).email).to.equal(FORGOTTEN);
  });

  it('a deletion that fails half-way (the keys cannot be destroyed) is answered success on a retry, which finishes it', async () => {
    const person = await signUpVerifiedUser(server);
    const userId = decodeToken(person.token).sub;
    const forget = server.system.events.forget.bind(server.system.events);
    server.system.events.forget = () => Promise.reject(new Error('the process died here'));
    const cut = await server.call('DELETE', '/api/account', { token: person.token, json: { password: person.payload.password } });
    server.system.events.forget = forget;
    expect(cut.status).to.equal(500);
    expect((await server.call('GET', '/api/profile', { token: person.token })).status).to.equal(401);

    const retry = await server.call('DELETE', '/api/account', { token: person.token, json: { password: person.payload.password } });
    expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
    expect(retry.body.message).to.equal(DELETED);
    const signedUp = (await server.system.events.readStream(userStream(userId))).find((e) => e.type === 'UserSignedUp')!;
    expect((signedUp.data as { email: string }).email).to.equal(FORGOTTEN);
    // A token whose sign-in ended deletes nobody else: another account's old token is refused as before.
    const other = await signUpVerifiedUser(server);
    await server.call('POST', '/api/logout', { token: other.token });
    expect((await server.call('DELETE', '/api/account', { token: other.token, json: { password: other.payload.password } })).status).to.equal(401);
    expect((await login(server, other.email, other.payload.password)).status).to.equal(200);
  });

  it('a reset cut short after the new password is stored leaves no old sign-in (the thief is out)', async () => {
    const person = await signUpVerifiedUser(server);
    const thief = (await login(server, person.email, person.payload.password)).body.token as string;
    await server.call('POST', '/api/forgot-password', { json: { identifier: person.email } });
    const link = await resetTokenFor(server.dataDir, person.email);
    const restore = cutAfter(server.system.events, ['PasswordChanged']);
    const cut = await server.call('POST', '/api/reset-password', { json: { token: link, password: 'brand new 1' } });
    restore();
    expect(cut.status).to.equal(500);
    expect((await login(server, person.email, 'brand new 1')).status).to.equal(200);
    for (const token of [thief, person.token]) expect((await server.call('GET', '/api/profile', { token })).status).to.equal(401);
  });

  it('a change ends every token issued before it, the changing device\'s own included; the answer carries a token of a new sign-in', async () => {
    const person = await signUpVerifiedUser(server);
    const other = (await login(server, person.email, person.payload.password)).body.token as string;
    const changed = await server.call('PUT', '/api/password', { token: person.token, json: { currentPassword: person.payload.password, newPassword: 'changed it 1' } });
    expect(changed.status).to.equal(200);
    const token = changed.body.token as string;
    expect(decodeToken(token).sid).to.not.equal(decodeToken(person.token).sid);
    for (const old of [person.token, other]) expect((await server.call('GET', '/api/profile', { token: old })).status).to.equal(401);
    expect((await server.call('GET', '/api/profile', { token })).status).to.equal(200);
  });

  it('a change cut short after the new password is stored leaves no old sign-in', async () => {
    const person = await signUpVerifiedUser(server);
    const other = (await login(server, person.email, person.payload.password)).body.token as string;
    const restore = cutAfter(server.system.events, ['PasswordChanged']);
    const cut = await server.call('PUT', '/api/password', { token: person.token, json: { currentPassword: person.payload.password, newPassword: 'changed it 2' } });
    restore();
    expect(cut.status).to.equal(500);
    for (const old of [person.token, other]) expect((await server.call('GET', '/api/profile', { token: old })).status).to.equal(401);
    expect((await login(server, person.email, 'changed it 2')).status).to.equal(200);
  });

  it('forgot-password answers without waiting for the link to be recorded, so a known address takes no longer than an unknown one', async () => {
    const person = await signUpVerifiedUser(server);
    const store = server.system.events;
    const append = store.append.bind(store);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held = true;
    store.append = async (stream, events, ...rest) => {
      if (events.some((e) => e.type === 'PasswordResetRequested')) await gate;
      return append(stream, events, ...rest);
    };
    // The recording of the link is held until the answer is in (or, on a server that waits for it, for two seconds).
    const fallback = setTimeout(() => {
      held = false;
      open();
    }, 2000);
    try {
      const answer = await server.call('POST', '/api/forgot-password', { json: { identifier: person.email } });
      expect(held, 'answered while the link was still being recorded').to.equal(true);
      expect(answer.status).to.equal(200);
    } finally {
      clearTimeout(fallback);
      open();
      store.append = append;
    }
    // The link is still recorded and mailed.
    expect(await resetTokenFor(server.dataDir, person.email)).to.be.a('string');
  });

  it('a sign-up cut short after its username claim leaves the name to the next sign-up once a sign-up cannot still be under way', async () => {
    const username = `cut_${Math.random().toString(36).slice(2, 8)}`;
    const restore = cutAfter(server.system.events, ['UsernameClaimed']);
    const cut = await server.call('POST', '/api/signup-email', { json: signupPayload({ username }) });
    restore();
    expect(cut.status).to.equal(500);
    // A sign-up may still be between its claim and its account: the name stays held for a while.
    expect((await server.call('POST', '/api/signup-email', { json: signupPayload({ username }) })).status).to.equal(409);
    server.clock.advance(10 * 60 * 1000);
    const again = await server.call('POST', '/api/signup-email', { json: signupPayload({ username }) });
    expect(again.status, JSON.stringify(again.body)).to.equal(201);
  });

  it('a session end cut short after its end event: the workers record the day, once, and free the slot', async () => {
    const { token } = await signUpSubscriber(server);
    const userId = decodeToken(token).sub;
    const { regimenId } = (await server.call('POST', '/api/savePlan', { token, json: samplePlan() })).body as { regimenId: string };
    const { sessionId } = (await server.call('POST', '/api/workout-session/start', { token, json: { regimenId } })).body as { sessionId: string };
    const restore = cutAfter(server.system.events, ['WorkoutSessionEnded']);
    const cut = await server.call('PUT', '/api/workout-session/end', { token, json: { sessionId, totalDuration: 5, completedExercises: [] } });
    restore();
    expect(cut.status).to.equal(500);
    const completions = async () => (await server.system.events.readStream(regimenStream(regimenId))).filter((e) => e.type === 'RegimenDayCompleted').length;
    await until('the workers record the day', async () => (await completions()) > 0);
    await until('the workers free the slot', async () => (await server.system.events.readStream(workoutRosterStream(userId))).some((e) => e.type === 'ActiveSessionReleased'));
    expect(await completions()).to.equal(1);
    // A session ended whole is recorded once too, though the workers run the same steps after it.
    const next = (await server.call('POST', '/api/workout-session/start', { token, json: { regimenId } })).body as { sessionId: string };
    const ended = await server.call('PUT', '/api/workout-session/end', { token, json: { sessionId: next.sessionId, totalDuration: 5, completedExercises: [] } });
    expect(ended.status).to.equal(200);
    const head = await server.system.events.headPosition();
    // The dispatcher stores its checkpoint once the jobs of the events before it have run (in-process queue).
    await until('the jobs of the second end have run', async () => ((await server.system.readModels.checkpoints([DISPATCHER_CHECKPOINT])).get(DISPATCHER_CHECKPOINT) ?? 0) >= head);
    expect(await completions()).to.equal(2);
  });

  it('a plan save whose second append fails (a full disk) answers that the plan is saved, and the workers list it', async () => {
    const { token } = await signUpSubscriber(server);
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const restore = cutAfter(server.system.events, ['RegimenListed'], 'fail', full);
    const saved = await server.call('POST', '/api/savePlan', { token, json: samplePlan({ name: 'Half saved' }) });
    restore();
    expect(saved.status, JSON.stringify(saved.body)).to.equal(201);
    const userId = decodeToken(token).sub;
    await until('the workers list the saved plan', async () =>
      (await server.system.events.readStream(workoutRosterStream(userId))).some((e) => e.type === 'RegimenListed' && (e.data as { regimenId: string }).regimenId === saved.body.regimenId),
    );
    const plans = await server.call('GET', '/api/workouts', { token, headers: { 'X-Min-Position': String(await server.system.events.headPosition()) } });
    expect(plans.body.map((r: { name: string; isPrimary?: boolean }) => r.name)).to.deep.equal(['Half saved']);
  });
});
