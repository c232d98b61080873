import { expect } from 'chai';
import { build } from 'esbuild';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppEvent } from '../../events/catalog.js';
import { FORGOTTEN } from '../../events/personal.js';
import { SqliteEventStore } from '../../events/store/sqlite.js';
import { regimenStream, userStream, workoutRosterStream } from '../../events/streams.js';
import { emailOwner, claimEmail, claimUsername } from '../../services/command/src/accounts/claims.js';
import { grantRole, RESET_LINK_INVALID, signUp, verifyEmail } from '../../services/command/src/accounts/decide.js';
import { ACCOUNT_DELETED_MESSAGE } from '../../services/command/src/accounts/deletionRoutes.js';
import { deletionProgress } from '../../services/command/src/accounts/deletionProgress.js';
import { hashPassword, verifyPassword } from '../../services/command/src/accounts/password.js';
import { newAccountOf, signupInput } from '../../services/command/src/accounts/signupInput.js';
import { user } from '../../services/command/src/accounts/user.js';
import { execute, load, type CommandContext } from '../../services/command/src/execute.js';
import { regimens } from '../../services/command/src/training/api.js';
import { loadTokens, RESET_PASSWORD_PURPOSE, type Tokens } from '../../services/platform/auth.js';
import { loadConfig, type Config } from '../../services/platform/config.js';
import { listSavedPlanHandler, listSavedPlanRoute } from '../../services/workers/src/plans/listSaved.js';
import { jsonCall, type JsonCall } from '../../scripts/support/http.js';
import { signupPayload } from '../support/accounts.js';
import { tempDir } from '../support/server.js';
import { samplePlan } from '../workouts/plan.js';

/**
 * By default the server is killed once after each write of a deletion, a reset and a save sent one after another, and
 * once after their answers: every point of their write paths, each hit once. KILLED_RUNS=n (`npm run soak` runs 100)
 * kills it n times at random instants instead, each kill cutting the three in flight side by side.
 */
const RANDOM_RUNS = Number(process.env.KILLED_RUNS ?? 0);
const deterministic = RANDOM_RUNS === 0;
const PASSWORD = 'secret123';
const root = path.resolve(import.meta.dirname, '../..');

/**
 * The server process is SIGKILLed again and again while it deletes an account, resets a password and saves a plan,
 * the kill falling after each of their writes in turn (or, with KILLED_RUNS, at a random instant of each, from before
 * its first write to after its answer), and after every restart nothing is half kept: a deletion begun is finished by
 * the restart (the old token refused, the key destroyed, the claims free) and a retry answers success; a new password is never set while a sign-in from
 * before it lives; a plan is either not saved or saved and listed, and the answer never says otherwise.
 *
 * The process is test/platform/killChild.ts (the real routes over the real SQLite file, bundled once so that it starts
 * in a fraction of the whole server's time); accounts are made by the deciders straight into the file.
 */
describe('SIGKILL at each write (or at random instants) of a deletion, a password reset and a plan save: nothing is half kept after the restart', function () {
  this.timeout(Math.max(600_000, RANDOM_RUNS * 6_000));
  const dataDir = tempDir('trainer-killed-');
  const bundleDir = path.join(root, 'node_modules', '.cache', `killed-${process.pid}`);
  let config: Config;
  let store: SqliteEventStore;
  let passwordHash: string;

  before(async () => {
    await build({
      absWorkingDir: root,
      entryPoints: ['test/platform/killChild.ts'],
      bundle: true,
      outfile: path.join(bundleDir, 'child.mjs'),
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: ['better-sqlite3'],
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      logLevel: 'error',
    });
    config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', PASSWORD_HASH_LOG_N: '10' });
    store = new SqliteEventStore(config.sqliteFile);
    passwordHash = await hashPassword(PASSWORD, 10);
  });
  after(async () => {
    await store?.close();
    fs.rmSync(bundleDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  interface Running {
    child: ChildProcess;
    call: JsonCall;
  }

  /**
   * A server process, loaded but not yet started; `start` opens the file and runs the start-up sweep (the restart),
   * and resolves once it listens. The next one is loaded while the one before still runs, as a spare.
   */
  const spare = () => {
    const child = fork(path.join(bundleDir, 'child.mjs'), [], {
      execArgv: [],
      // Every deletion checks a password from 127.0.0.1, counted per IP as the test servers' are not.
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', PASSWORD_HASH_LOG_N: '10', LOGIN_MAX_ATTEMPTS_PER_IP: '100000', NODE_OPTIONS: '' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const listening = new Promise<Running>((resolve, reject) => {
      child.once('message', (message: { port: number }) => resolve({ child, call: jsonCall(`http://127.0.0.1:${message.port}`) }));
      child.once('exit', (code) => reject(new Error(`the server process ended with ${code} before it listened`)));
    });
    listening.catch(() => undefined);
    return { child, start: () => (child.send('start'), listening) };
  };

  /** Arms a running process to kill itself after its next `writes` writes. */
  const armKill = (child: ChildProcess, writes: number) =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send({ killAfterWrites: writes });
    });

  const killed = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });

  /** A verified account made by the deciders straight into the log, signed in once. */
  async function account(tokens: Tokens, role?: number) {
    const userId = randomUUID();
    const input = newAccountOf(signupInput.parse(signupPayload({ username: `k${userId.slice(0, 8)}` })));
    const now = new Date().toISOString();
    const ctx: CommandContext = { store, metadata: { userId, at: now } };
    await claimEmail(ctx, input.email, userId);
    await claimUsername(ctx, input.username!, userId);
    await execute(ctx, userStream(userId), user, (s) => signUp(s, { userId, ...input, passwordHash, now }));
    await execute(ctx, userStream(userId), user, verifyEmail);
    if (role) await execute(ctx, userStream(userId), user, (s) => grantRole(s, { role, grantedBy: 'killed test' }));
    return { userId, email: input.email, token: await signIn(tokens, userId) };
  }

  async function signIn(tokens: Tokens, userId: string) {
    const { id } = await tokens.signIns.start(userId, 'killed test', new Date());
    return tokens.session({ id: userId, name: 'K', role: 1 }, id);
  }

  /** Whether a token still works: what `requireUser` asks, on a Tokens of its own (nothing remembered). */
  const works = async (token: string) => (await loadTokens(config).authenticate(token)) !== undefined;

  const passwordVersion = async (userId: string) => {
    const { state } = await load(store, userStream(userId), user);
    if (state.status === 'none') throw new Error(`account ${userId} is gone`);
    return state.passwordVersion;
  };

  const savedPlans = async (userId: string) => (await store.readUser(userId)).filter((e) => e.type === 'RegimenSaved.v2');
  const listedPlans = async (userId: string) => (await load(store, workoutRosterStream(userId), regimens.roster)).state.listedIds;

  type Answer = { status: number; body: Record<string, unknown> } | undefined;

  it(`after ${deterministic ? 'a kill after each write of' : `${RANDOM_RUNS} kills in the middle of`} a deletion, a reset and a save, every promise is whole`, async () => {
    const cut = { deletion: 0, reset: 0, save: 0 };
    const answered = { deletion: 0, reset: 0, save: 0 };
    const durations = { deletion: [] as number[], reset: [] as number[], save: [] as number[] };
    const tokens = loadTokens(config);
    const resetting = await account(tokens);
    const thieves: string[] = [resetting.token];
    const started = performance.now();
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    let next = spare();
    let running = await next.start();
    next = spare();
    let kills = 0;
    try {
      // Deterministic: run n kills after the n-th write, until a run in which all three are answered (then killed).
      for (let run = deterministic ? 0 : -5, allAnswered = false; deterministic ? !allAnswered : run < RANDOM_RUNS; run += 1) {
        // The first five random runs are not cut: they measure how long each request takes, which spreads the kills over it.
        const calibrating = run < 0;
        const deleting = await account(tokens);
        const saving = await account(tokens, 2);
        thieves.push(await signIn(tokens, resetting.userId));
        const version = await passwordVersion(resetting.userId);
        const link = await tokens.purpose(RESET_PASSWORD_PURPOSE, resetting.userId, 3600, { v: String(version) });
        const newPassword = `new password ${run + 10}`;
        const saveKey = randomUUID();
        const requests = {
          deletion: () => running.call('DELETE', '/api/account', { token: deleting.token, json: { password: PASSWORD } }),
          reset: () => running.call('POST', '/api/reset-password', { json: { token: link, password: newPassword } }),
          save: () => running.call('POST', '/api/savePlan', { token: saving.token, json: samplePlan({ name: `Plan ${run}` }), headers: { 'Idempotency-Key': saveKey } }),
        };
        const answers: Record<keyof typeof requests, Answer> = { deletion: undefined, reset: undefined, save: undefined };
        const names = Object.keys(requests) as (keyof typeof requests)[];

        if (deterministic) {
          // One after another, so that the n-th write is the same write in every run; a request the kill cut ends the run.
          await armKill(running.child, run);
          for (const name of names) {
            try {
              answers[name] = await requests[name]();
            } catch {
              break;
            }
          }
          allAnswered = names.every((name) => answers[name] !== undefined);
          if (run > 200) throw new Error('the three requests wrote more than 200 times');
          await killed(running.child);
        } else if (calibrating) {
          // Measured as they run in the cut runs, side by side in one process.
          await Promise.all(
            names.map(async (name) => {
              const t = performance.now();
              answers[name] = await requests[name]();
              durations[name].push(performance.now() - t);
            }),
          );
        } else {
          // Each request begins `into` ms before the kill: anywhere from its start to a little past its usual answer.
          const into = Object.fromEntries(names.map((name) => [name, Math.random() * 1.1 * median(durations[name])])) as Record<keyof typeof requests, number>;
          const killAt = Math.max(...Object.values(into));
          const t0 = performance.now();
          const inFlight = names.map(
            (name) =>
              new Promise<void>((resolve) =>
                setTimeout(() => {
                  requests[name]().then(
                    (answer) => ((answers[name] = answer), resolve()),
                    () => resolve(),
                  );
                }, killAt - into[name]),
              ),
          );
          await new Promise<void>((resolve) =>
            setTimeout(() => {
              // The last part of the wait is spun, so the kill lands at the chosen microsecond, not the next timer tick.
              while (performance.now() - t0 < killAt);
              resolve();
            }, Math.max(0, killAt - 1)),
          );
          await killed(running.child);
          await Promise.all(inFlight);
        }

        // What the kill left, before the restart finishes anything.
        if (!calibrating) for (const name of names) if (answers[name]) answered[name] += 1;
        // Cut half-way: after the request's first write (every sign-in ended) and before its answer.
        const progress = (await load(store, userStream(deleting.userId), deletionProgress)).state.phase;
        if (!answers.deletion && (progress === 'deleting' || (progress === 'active' && !(await works(deleting.token))))) cut.deletion += 1;
        const changed = (await passwordVersion(resetting.userId)) > version;
        if (!answers.reset && (changed || !(await works(thieves.at(-1)!)))) cut.reset += 1;
        const saved = (await savedPlans(saving.userId)).map((e) => (e.data as { regimenId: string }).regimenId);
        const listedBefore = await listedPlans(saving.userId);
        if (saved.some((id) => !listedBefore.includes(id))) cut.save += 1;

        if (!calibrating) {
          kills += 1;
          running = await next.start();
          next = spare();
        }
        const context = `run ${run}: answers ${JSON.stringify({ deletion: answers.deletion?.status, reset: answers.reset?.status, save: answers.save?.status })}`;

        // Deletion: begun means finished by the restart; never an old token that works.
        const phase = (await load(store, userStream(deleting.userId), deletionProgress)).state.phase;
        expect(phase, context).to.be.oneOf(['active', 'deleted']);
        if (answers.deletion) expect(answers.deletion.status, `${context} ${JSON.stringify(answers.deletion.body)}`).to.equal(200);
        if (phase === 'deleted') {
          const signedUp = (await store.readStream(userStream(deleting.userId))).find((e) => e.type === 'UserSignedUp')!;
          expect((signedUp.data as { email: string }).email, `${context}: the key is destroyed`).to.equal(FORGOTTEN);
          expect(await works(deleting.token), `${context}: the old token`).to.equal(false);
          expect(await emailOwner(store, deleting.email), `${context}: the address is free`).to.equal(null);
          const retry = await running.call('DELETE', '/api/account', { token: deleting.token, json: { password: PASSWORD } });
          expect(retry.status, context).to.equal(200);
          expect(retry.body.message).to.equal(ACCOUNT_DELETED_MESSAGE);
        } else {
          expect(answers.deletion, context).to.equal(undefined);
          expect(await emailOwner(store, deleting.email), `${context}: an account not deleted keeps its address`).to.equal(deleting.userId);
        }

        // Reset: the new password only with every sign-in from before it ended.
        const { state } = await load(store, userStream(resetting.userId), user);
        if (state.status === 'none') throw new Error('the resetting account is gone');
        if (answers.reset) expect(answers.reset.status, `${context} ${JSON.stringify(answers.reset.body)}`).to.equal(200);
        if (changed) {
          expect(await verifyPassword(newPassword, state.passwordHash), context).to.equal(true);
          for (const thief of thieves) expect(await works(thief), `${context}: a token from before the reset`).to.equal(false);
          const again = await running.call('POST', '/api/reset-password', { json: { token: link, password: newPassword } });
          expect(again.body.message, `${context}: the link is used up`).to.equal(RESET_LINK_INVALID);
        } else {
          expect(answers.reset, context).to.equal(undefined);
          const again = await running.call('POST', '/api/reset-password', { json: { token: link, password: newPassword } });
          expect(again.status, `${context}: an unused link still works`).to.equal(200);
          for (const thief of thieves) expect(await works(thief), `${context}: a token from before the reset`).to.equal(false);
        }
        thieves.length = 0;

        // Save: what the answer says is so; a plan saved is listed once the workers have run its job (as the
        // dispatcher does after the restart); a retry under the same key saves nothing twice.
        const list = listSavedPlanHandler({ events: store, now: () => new Date() });
        const listAll = async () => {
          for (const event of await savedPlans(saving.userId)) for (const job of listSavedPlanRoute(event as AppEvent)) await list(job);
        };
        await listAll();
        const savedAfter = await savedPlans(saving.userId);
        if (answers.save?.status === 201) expect(savedAfter.map((e) => (e.data as { regimenId: string }).regimenId), context).to.include(answers.save.body.regimenId);
        else expect(answers.save, context).to.equal(undefined);
        expect(await listedPlans(saving.userId), context).to.have.members(savedAfter.map((e) => (e.data as { regimenId: string }).regimenId));
        const retried = await requests.save();
        expect(retried.status, context).to.equal(201);
        await listAll();
        const plans = await savedPlans(saving.userId);
        expect(plans.length, `${context}: one plan, however often it was sent`).to.equal(1);
        expect(await listedPlans(saving.userId), context).to.deep.equal([(plans[0]!.data as { regimenId: string }).regimenId]);
        expect((await store.readStream(regimenStream(retried.body.regimenId as string))).length, context).to.be.above(0);
      }
    } finally {
      await killed(running.child);
      await killed(next.child);
    }

    const seconds = (performance.now() - started) / 1000;
    console.log(
      `      ${kills} kills in ${seconds.toFixed(1)} s; ` +
        (deterministic ? '' : `requests took ${median(durations.deletion).toFixed(1)} / ${median(durations.reset).toFixed(1)} / ${median(durations.save).toFixed(1)} ms (deletion / reset / save); `) +
        `cut half-way (after the first write, before the answer): ${cut.deletion} deletions, ${cut.reset} resets, ${cut.save} saves (saved, not listed); answered before the kill: ${answered.deletion} / ${answered.reset} / ${answered.save}`,
    );
    // A kill that never lands inside a request proves nothing: each kind must have been cut in its middle.
    for (const [name, count] of Object.entries(cut)) expect(count, `${name}s cut half-way`).to.be.above(0);
  });
});
