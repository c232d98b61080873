import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { dropPrefix, redisOrSkip, testRedisPrefix, testRedisUrl } from '../platform/redis.js';
import { signUpSubscriber } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { OpenAiStandIn, replyJson } from './openAiStandIn.js';
import { ask, chatEvents } from './support.js';

describe('chat: per-user limits (a burst and a day)', () => {
  let standIn: OpenAiStandIn;
  before(async () => (standIn = await new OpenAiStandIn().start()));
  after(async () => standIn.close());
  const answering = () => standIn.answers(...Array.from({ length: 10 }, () => replyJson('Sure.')));

  describe('in this process (no Redis)', () => {
    let server: TestServer;
    before(async () => (server = await startTestServer({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: standIn.url, CHAT_BURST_LIMIT: '2', CHAT_BURST_WINDOW_SECONDS: '60' })));
    after(async () => server.stop());

    it('past the burst: 429 with Retry-After and when to try again; others and refused questions are not counted', async () => {
      answering();
      const ann = await signUpSubscriber(server);
      const bob = await signUpSubscriber(server);
      // A refused question does not use the budget.
      expect((await server.call('POST', '/api/chat', { json: ask(' '), token: ann.token })).status).to.equal(400);
      for (let i = 0; i < 2; i += 1) expect((await server.call('POST', '/api/chat', { json: ask('Hi'), token: ann.token })).status).to.equal(200);

      const limited = await server.call('POST', '/api/chat', { json: ask('Hi again'), token: ann.token });
      expect(limited.status).to.equal(429);
      const wait = Number(limited.headers.get('retry-after'));
      expect(wait).to.be.within(1, 60);
      expect(limited.body).to.deep.equal({ message: `You are sending messages faster than the trainer can answer. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.` });
      expect((await chatEvents(server, ann.token)).filter((e) => e.type === 'ChatQuestionAsked')).to.have.length(2);

      expect((await server.call('POST', '/api/chat', { json: ask('Hi'), token: bob.token })).status).to.equal(200);
    });
  });

  it("past the day's budget: 429 saying so, with Retry-After", async () => {
    const server = await startTestServer({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: standIn.url, CHAT_DAILY_LIMIT: '3', CHAT_BURST_LIMIT: '100' });
    try {
      answering();
      const { token } = await signUpSubscriber(server);
      for (let i = 0; i < 3; i += 1) expect((await server.call('POST', '/api/chat', { json: ask('Hi'), token })).status).to.equal(200);
      const limited = await server.call('POST', '/api/chat', { json: ask('Hi'), token });
      expect(limited.status).to.equal(429);
      expect(Number(limited.headers.get('retry-after'))).to.be.within(24 * 3600 - 60, 24 * 3600);
      expect(limited.body).to.deep.equal({ message: "You have used today's 3 messages with the trainer. You can chat again in 24 hours." });
    } finally {
      await server.stop();
    }
  });

  describe('in Redis', () => {
    let redis: Redis;
    let prefix: string;
    before(async function () {
      redis = await redisOrSkip(this);
      prefix = testRedisPrefix();
    });
    after(async () => {
      if (!redis) return;
      await dropPrefix(redis, prefix);
      redis.disconnect();
    });

    it('the count is kept in Redis: a restarted server (any instance) still counts what was asked before', async () => {
      answering();
      let server = await startTestServer({
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: standIn.url,
        CHAT_BURST_LIMIT: '2',
        REDIS_URL: testRedisUrl,
        REDIS_PREFIX: prefix,
      });
      try {
        const { token } = await signUpSubscriber(server);
        for (let i = 0; i < 2; i += 1) expect((await server.call('POST', '/api/chat', { json: ask('Hi'), token })).status).to.equal(200);
        server = await server.restart();
        const limited = await server.call('POST', '/api/chat', { json: ask('Hi'), token });
        expect(limited.status).to.equal(429);
        expect(limited.headers.get('retry-after')).to.be.a('string');
      } finally {
        await server.stop();
      }
    });
  });
});
