import { expect } from 'chai';
import express, { type Response } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorHandler, notFound } from '../../services/platform/http.js';
import { createLogger } from '../../services/platform/logger.js';
import { AnswerTexts, KeptAtMark, readAs } from '../../services/query/src/callerDocs.js';

const SUBSCRIBER = 3;

describe('the caller’s docs and the answers drawn from them (issue 26)', () => {
  describe('readAs', () => {
    const caller = { locals: { user: { id: 'u-1', name: 'Ann', role: SUBSCRIBER, sid: 's-1' } } } as unknown as Response;

    it('starts the reads in the same synchronous run as the role', () => {
      // Given a role lookup that has not answered yet
      const calls: string[] = [];
      const deps = { roleOf: (id: string) => (calls.push(`role of ${id}`), new Promise<number>(() => {})) };

      // When the docs are read as a subscriber
      void readAs(deps, caller, [SUBSCRIBER], 'no', async (id) => void calls.push(`docs of ${id}`));

      // Then both reads have started before anything was awaited
      expect(calls).to.have.members(['role of u-1', 'docs of u-1']);
    });

    it('answers the docs to a caller holding an allowed role now, and their error as it is', async () => {
      const deps = { roleOf: async () => SUBSCRIBER };
      expect(await readAs(deps, caller, [SUBSCRIBER], 'no', async (id) => `docs of ${id}`)).to.equal('docs of u-1');
      const error = await readAs(deps, caller, [SUBSCRIBER], 'no', () => Promise.reject(notFound('none'))).catch((e: unknown) => e);
      expect(error).to.deep.include({ status: 404, message: 'none' });
    });

    it('refuses another role with 403, whatever the reads gave, their error included', async () => {
      // Given a caller whose role was taken away (the token still says subscriber)
      const deps = { roleOf: async () => 1 };

      // When the docs are read, and when reading them fails
      const refused = await readAs(deps, caller, [SUBSCRIBER], 'Needs a subscription', async () => 'the docs').catch((e: unknown) => e);
      const refusedToo = await readAs(deps, caller, [SUBSCRIBER], 'Needs a subscription', () => Promise.reject(notFound('none'))).catch((e: unknown) => e);

      // Then both are 403, and neither carries the docs or the read's error
      expect(refused).to.deep.include({ status: 403, message: 'Needs a subscription' });
      expect(refusedToo).to.deep.include({ status: 403, message: 'Needs a subscription' });
    });

    it('answers a failing role lookup with its error, and leaves no unhandled rejection of reads failing meanwhile', async () => {
      // Given a store that fails for the role and for the docs alike
      const unhandled: unknown[] = [];
      const record = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', record);
      try {
        const deps = { roleOf: () => new Promise<number>((_, reject) => setTimeout(() => reject(new Error('store down')), 10)) };

        // When the docs are read
        const error = await readAs(deps, caller, [SUBSCRIBER], 'no', () => Promise.reject(new Error('docs down'))).catch((e: unknown) => e);
        await new Promise((resolve) => setImmediate(resolve));

        // Then the role's error is the answer, and nothing was left unhandled
        expect((error as Error).message).to.equal('store down');
        expect(unhandled).to.deep.equal([]);
      } finally {
        process.off('unhandledRejection', record);
      }
    });
  });

  describe('AnswerTexts', () => {
    let server: Server;
    let url: string;
    /** What the route reads next (set by each test), and how often its answer was drawn. */
    let sources: unknown[];
    let context: string;
    let drawn: number;
    before(async () => {
      const texts = new AnswerTexts();
      const app = express();
      app.get('/answer', (_req, res) => {
        const docs = sources;
        texts.send(res, docs, context, () => {
          drawn += 1;
          return { docs, context };
        });
      });
      app.use(errorHandler(createLogger('test', 'silent')));
      server = await new Promise((resolve) => {
        const s = app.listen(0, '127.0.0.1', () => resolve(s));
      });
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/answer`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));
    beforeEach(() => {
      drawn = 0;
      context = '';
    });

    const get = async () => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), length: res.headers.get('content-length'), body: await res.text() };
    };

    it('draws an answer once for the same doc objects and context, and sends the same JSON each time', async () => {
      // Given a doc and a second source
      const doc = Object.freeze({ name: 'Ann', weight: 'ünder 60 kg' });
      sources = [doc, Object.freeze({ n: 1 })];

      // When it is asked for twice
      const first = await get();
      const second = await get();

      // Then it was drawn once, and both answers are its JSON with its length in bytes
      expect(drawn).to.equal(1);
      const json = JSON.stringify({ docs: sources, context: '' });
      expect(first).to.deep.equal({ type: 'application/json; charset=utf-8', length: String(Buffer.byteLength(json)), body: json });
      expect(second).to.deep.equal(first);
    });

    it('draws again when any source is another object (even with the same content), or the context moved', async () => {
      const doc = Object.freeze({ name: 'Ann' });
      const other = Object.freeze({ n: 1 });
      sources = [doc, other];
      await get();

      // When a later source is a new object, then when the context moves
      sources = [doc, Object.freeze({ n: 1 })];
      await get();
      context = '2026-11-29';
      const moved = await get();

      // Then each was drawn anew, and the last answer is the new context's
      expect(drawn).to.equal(3);
      expect(JSON.parse(moved.body)).to.deep.equal({ docs: [{ name: 'Ann' }, { n: 1 }], context: '2026-11-29' });
    });

    it('draws every time when no source is a stored doc', async () => {
      sources = [undefined];
      expect(JSON.parse((await get()).body)).to.deep.equal({ docs: [null], context: '' });
      await get();
      expect(drawn).to.equal(2);
    });
  });

  describe('KeptAtMark', () => {
    it('loads once per key while the store’s mark stands, again once it moved, and never without a mark', async () => {
      // Given a store whose mark the test moves, and a load that counts its calls
      let mark: string | undefined = 'v1';
      const store = { version: () => mark };
      const kept = new KeptAtMark<number>(2);
      let loads = 0;
      const load = () => Promise.resolve((loads += 1));

      // When one key is read twice at one mark, then after the mark moved, then without any mark
      const atFirst = [await kept.read(store, 'a', load), await kept.read(store, 'a', load)];
      mark = 'v2';
      const afterMove = await kept.read(store, 'a', load);
      mark = undefined;
      const unmarked = [await kept.read(store, 'a', load), await kept.read(store, 'a', load)];

      // Then the first load answered both reads at v1, the mark's move loaded anew, and no mark loads every time
      expect(atFirst).to.deep.equal([1, 1]);
      expect(afterMove).to.equal(2);
      expect(unmarked).to.deep.equal([3, 4]);
    });

    it('keeps at most its bound of keys, dropping the oldest', async () => {
      // Given a bound of two keys at one mark
      const store = { version: () => 'v1' };
      const kept = new KeptAtMark<string>(2);
      const loaded: string[] = [];
      const load = (key: string) => () => Promise.resolve((loaded.push(key), key));

      // When three keys are read, then the first again
      for (const key of ['a', 'b', 'c', 'a']) await kept.read(store, key, load(key));

      // Then the first was dropped for the third and loaded again
      expect(loaded).to.deep.equal(['a', 'b', 'c', 'a']);
    });
  });
});
