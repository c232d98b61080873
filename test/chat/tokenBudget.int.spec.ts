import { expect } from 'chai';
import { countTokens } from 'gpt-tokenizer';
import { signUpSubscriber } from '../support/accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { OpenAiStandIn, replyJson } from './openAiStandIn.js';
import { ask, chatEvents } from './support.js';

const BUDGET = 40;
/** Text of exactly `n` tokens ("a a a …"). */
const tokensOf = (n: number) => 'a' + ' a'.repeat(n - 1);

describe('chat: the input budget, in tokens (CHAT_MAX_INPUT_TOKENS)', () => {
  let standIn: OpenAiStandIn;
  let server: TestServer;
  let token: string;
  const tooLarge = {
    error: 'TOKEN_LIMIT_EXCEEDED',
    message: 'Your request was too detailed for the AI trainer. Please use fewer details or split it into smaller questions.',
  };

  before(async () => {
    standIn = await new OpenAiStandIn().start();
    server = await startTestServer({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: standIn.url, CHAT_MAX_INPUT_TOKENS: String(BUDGET), CHAT_BURST_LIMIT: '1000' });
    ({ token } = await signUpSubscriber(server));
    expect(countTokens(tokensOf(BUDGET))).to.equal(BUDGET);
  });
  after(async () => {
    await server.stop();
    await standIn.close();
  });

  it('a message and history that fill the budget exactly are asked, and the question records their tokens', async () => {
    standIn.answers(replyJson('Fine.'));
    const history = [{ role: 'user', content: tokensOf(15) }, { role: 'assistant', content: tokensOf(15) }];
    const res = await server.call('POST', '/api/chat', { json: ask(tokensOf(10), { recentHistory: history }), token });
    expect(res.status).to.equal(200);
    const [asked] = await chatEvents(server, token);
    expect(asked!.data.inputTokens).to.equal(BUDGET);
  });

  it('one token past it, in the message or in the history: 413 TOKEN_LIMIT_EXCEEDED, nothing recorded or asked', async () => {
    standIn.answers();
    const before = (await chatEvents(server, token)).length;
    const bodies = [
      ask(tokensOf(BUDGET + 1)),
      ask(tokensOf(10), { recentHistory: [{ role: 'user', content: tokensOf(BUDGET - 9) }] }),
      // A text that looks like a special token is counted as text, not refused with a 500.
      ask('<|endoftext|> '.repeat(20)),
    ];
    for (const json of bodies) {
      const res = await server.call('POST', '/api/chat', { json, token });
      expect(res.status).to.equal(413);
      expect(res.body).to.deep.equal(tooLarge);
    }
    expect((await chatEvents(server, token)).length).to.equal(before);
    expect(standIn.requests).to.have.length(0);
  });

  it('a body past the parser limit is the same 413 TOKEN_LIMIT_EXCEEDED (what the client shows as Request Too Large)', async () => {
    const res = await server.call('POST', '/api/chat', { json: ask('x'.repeat(2_000_000)), token });
    expect(res.status).to.equal(413);
    expect(res.body).to.deep.equal(tooLarge);
  });
});
