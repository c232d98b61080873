import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { subscriptionStream } from '../../events/streams.js';
import { openReadModelStore } from '../../services/query/src/store/open.js';
import { DISPATCHER_CHECKPOINT } from '../../services/workers/src/dispatcher.js';
import { PLAN_QUEUE, starterPlanIds } from '../../services/workers/src/plans/starterPlans.js';
import { signUpSubscriber, decodeToken } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { dropPrefix, redisOrSkip, testRedisPrefix, testRedisUrl } from '../platform/redis.js';
import { activateSubscription, eventsOf, settled, until } from './support.js';

const modes = [
  { name: 'in-process', redis: false },
  { name: 'BullMQ', redis: true },
];

for (const mode of modes) {
  describe(`workers: starter plans after an activation (${mode.name})`, function () {
    this.timeout(60_000);
    let server: TestServer;
    let redis: Redis | undefined;
    let env: Record<string, string> = {};

    before(async function () {
      if (mode.redis) {
        redis = await redisOrSkip(this);
        env = { REDIS_URL: testRedisUrl, REDIS_PREFIX: testRedisPrefix() };
      }
      server = await startTestServer(env);
    });
    after(async () => {
      await server?.stop();
      if (redis) await dropPrefix(redis, env.REDIS_PREFIX!);
      redis?.disconnect();
    });

    /** GET the user's regimens and meal plans, after `position`. */
    const plansOf = async (token: string, position: number) => {
      const headers = { 'X-Min-Position': String(position) };
      const [workouts, meals] = await Promise.all([
        server.call('GET', '/api/workouts', { token, headers }),
        server.call('GET', '/api/meal-plans', { token, headers }),
      ]);
      expect(workouts.status).to.equal(200);
      expect(meals.status).to.equal(200);
      return { workouts: workouts.body as Array<Record<string, unknown>>, meals: meals.body as Array<Record<string, unknown>> };
    };

    const generatedFor = async (userId: string) => eventsOf(server.system.events, subscriptionStream(userId), 'StarterPlansGenerated');

    it('saves one starter regimen and one starter meal plan, both primary, and records StarterPlansGenerated', async () => {
      // given a subscriber without plans
      const { token } = await signUpSubscriber(server);
      const userId = decodeToken(token).sub as string;
      // when the subscription is activated
      const activation = await activateSubscription(server.system.events, userId, server.clock.now().toISOString());
      await until('StarterPlansGenerated', async () => (await generatedFor(userId)).length > 0);
      await server.system.queue.drain();
      // then the plans lists show exactly one of each, primary, under the ids derived from the activation
      const generated = await generatedFor(userId);
      const ids = starterPlanIds(activation.id);
      expect(generated.map((e) => e.data)).to.deep.equal([
        { userId, regimenId: ids.regimenId, mealPlanId: ids.mealPlanId, activationEventId: activation.id, generatedAt: server.clock.now().toISOString() },
      ]);
      const { workouts, meals } = await plansOf(token, generated[0]!.position);
      expect(workouts.map((w) => [w.regimen_id, w.is_primary])).to.deep.equal([[ids.regimenId, true]]);
      expect(meals.map((m) => [m.meal_plan_id, m.is_primary])).to.deep.equal([[ids.mealPlanId, true]]);
      expect(workouts[0]!.name).to.be.a('string').and.not.equal('');
      expect(meals[0]!.name).to.be.a('string').and.not.equal('');
    });

    it('saves nothing more when the job runs twice or the dispatcher replays the log', async () => {
      // given an activation whose starter plans are saved
      const { token } = await signUpSubscriber(server);
      const userId = decodeToken(token).sub as string;
      const activation = await activateSubscription(server.system.events, userId, server.clock.now().toISOString());
      await until('StarterPlansGenerated', async () => (await generatedFor(userId)).length > 0);
      // when the same work runs again under another job id (a second worker, a retry after success)
      await server.system.queue.add({ id: `again-${activation.id}`, queue: PLAN_QUEUE, name: 'starter-plans', data: { userId, activationEventId: activation.id } });
      await server.system.queue.drain();
      // and the dispatcher turns the whole log into jobs once more after a restart
      await server.stop();
      const readModels = await openReadModelStore({ mongoDb: 'trainer', sqliteFile: server.system.config.sqliteFile });
      await readModels.reset([DISPATCHER_CHECKPOINT]);
      await readModels.close();
      server = await startTestServer(env, server.dataDir, server.clock);
      const head = await server.system.events.headPosition();
      await until('the dispatcher to replay the log', async () => (await server.system.readModels.checkpoints([DISPATCHER_CHECKPOINT])).get(DISPATCHER_CHECKPOINT)! >= head);
      await server.system.queue.drain();
      // then there is still one regimen, one meal plan and one StarterPlansGenerated
      const ids = starterPlanIds(activation.id);
      expect((await generatedFor(userId)).length).to.equal(1);
      const { workouts, meals } = await plansOf(token, await server.system.events.headPosition());
      expect(workouts.map((w) => [w.regimen_id, w.is_primary])).to.deep.equal([[ids.regimenId, true]]);
      expect(meals.map((m) => [m.meal_plan_id, m.is_primary])).to.deep.equal([[ids.mealPlanId, true]]);
    });

    it('gives a returning subscriber (a second activation) no second pair', async () => {
      // given a subscriber whose first activation got its starter plans
      const { token } = await signUpSubscriber(server);
      const userId = decodeToken(token).sub as string;
      const first = await activateSubscription(server.system.events, userId, server.clock.now().toISOString());
      await until('StarterPlansGenerated', async () => (await generatedFor(userId)).length > 0);
      // when they are activated again (after a cancel, say)
      await activateSubscription(server.system.events, userId, server.clock.now().toISOString());
      await settled(server.system);
      // then they still have the first pair only
      const ids = starterPlanIds(first.id);
      expect((await generatedFor(userId)).map((e) => (e.data as { activationEventId: string }).activationEventId)).to.deep.equal([first.id]);
      const { workouts, meals } = await plansOf(token, await server.system.events.headPosition());
      expect(workouts.map((w) => w.regimen_id)).to.deep.equal([ids.regimenId]);
      expect(meals.map((m) => m.meal_plan_id)).to.deep.equal([ids.mealPlanId]);
    });

    it('keeps a plan the user made primary and saves the starter ones beside it', async () => {
      // given a subscriber who already saved a workout plan (primary) before the activation was processed
      const { token } = await signUpSubscriber(server);
      const userId = decodeToken(token).sub as string;
      const own = await server.call('POST', '/api/savePlan', {
        token,
        json: { planType: 'workout', name: 'My own plan', description: '', goal: 'Strength', level: 'Beginner', duration_weeks: 4, workouts: [{ day: 1, summary: 'Legs', exercises: [{ name: 'Squat', sets: 3, reps: 5, duration: 0 }] }] },
      });
      expect(own.status).to.equal(201);
      // when the activation is processed
      const activation = await activateSubscription(server.system.events, userId, server.clock.now().toISOString());
      await until('StarterPlansGenerated', async () => (await generatedFor(userId)).length > 0);
      // then the user's own plan stays primary; the starter regimen is listed after it; the starter meal plan is primary
      const ids = starterPlanIds(activation.id);
      const { workouts, meals } = await plansOf(token, (await generatedFor(userId))[0]!.position);
      expect(workouts.map((w) => [w.regimen_id, w.is_primary])).to.deep.equal([
        [own.body.regimenId, true],
        [ids.regimenId, false],
      ]);
      expect(meals.map((m) => [m.meal_plan_id, m.is_primary])).to.deep.equal([[ids.mealPlanId, true]]);
    });
  });
}
