import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { InvalidEventError, UnknownEventTypeError } from '../../events/catalog.js';
import { emailClaimStream } from '../../events/streams.js';
import { FORGOTTEN, userSubject } from '../../events/personal.js';
import { ConcurrencyError, IdempotencyKeyReused, type EventStore, type NewEvent, type RecordedEvent } from '../../events/store/port.js';

export interface EventStoreTraits {
  /** Each opened store is new and nobody else writes to it, so exact answers about the whole log can be checked. */
  isolated: boolean;
}

/**
 * What every EventStore adapter promises (events/store/port.ts). Streams get a random name per test, so the suite
 * can run against a shared server that holds other data and other writers.
 */
export function eventStoreContract(name: string, open: () => Promise<EventStore>, traits: EventStoreTraits) {
  describe(`${name} event store contract`, function () {
    let store: EventStore;
    beforeEach(async () => (store = await open()));
    afterEach(async () => store.close());

    describe('crypto-shredding of personal fields (events/personal.ts)', () => {
      it('reads personal fields as written, and as FORGOTTEN once their subject is forgotten, in every read; the rest stays', async () => {
        const ann = `u-${randomUUID()}`;
        const bob = `u-${randomUUID()}`;
        const annStream = newStream();
        const asked = (userId: string, message: string) =>
          ({ id: randomUUID(), type: 'ChatQuestionAsked', data: { userId, exchangeId: randomUUID(), message, historyLength: 0, referencedMealPlanId: null, referencedRegimenId: null, inputTokens: 3, askedAt: '2026-11-18T15:00:00.000Z' } });
        const first = await store.append(annStream, [{ id: randomUUID(), type: 'EmailClaimed', data: { email: `${ann}@example.com`, userId: ann } }, asked(ann, 'my knee hurts since the wedding')], 'no_stream');
        const bobs = await store.append(newStream(), [asked(bob, 'what about squats?')], 'no_stream');

        const dataOf = (events: RecordedEvent[], userId: string) => events.filter((e) => (e.data as { userId?: string }).userId === userId).map((e) => e.data as Record<string, unknown>);
        expect(dataOf(await store.readStream(annStream), ann).map((d) => d.email ?? d.message)).to.deep.equal([`${ann}@example.com`, 'my knee hurts since the wedding']);

        await store.forget([userSubject(ann)], ann);

        const checks: [string, RecordedEvent[]][] = [
          ['readStream', await store.readStream(annStream)],
          ['readAll', await store.readAll(first.position - 2, 1000)],
          ['readUser', await store.readUser(ann)],
          ['readUserPages', await collect(store.readUserPages(ann, 1))],
          ['readPages', await collect(store.readPages(first.position - 2, 1000))],
        ];
        for (const [read, events] of checks) {
          const ann2 = dataOf(events, ann);
          expect(ann2, read).to.have.length(2);
          expect(ann2[0], read).to.deep.equal({ email: FORGOTTEN, userId: ann });
          expect(ann2[1], read).to.include({ message: FORGOTTEN, userId: ann, inputTokens: 3, askedAt: '2026-11-18T15:00:00.000Z' });
        }
        expect(dataOf(await store.readAll(bobs.position - 1, 10), bob)[0]).to.include({ message: 'what about squats?' });
        const live = await new Promise<RecordedEvent>((resolve) => {
          const sub = store.subscribe({ after: first.position - 2, onEvent: (e) => { void sub.close(); resolve(e); } });
        });
        expect((live.data as Record<string, unknown>).email).to.equal(FORGOTTEN);
        // A forgotten subject's later events are sealed under a new key, and read as written.
        await store.append(annStream, [asked(ann, 'hello again')], 'any');
        expect(dataOf(await store.readStream(annStream), ann).map((d) => d.message ?? d.email)).to.deep.equal([FORGOTTEN, FORGOTTEN, 'hello again']);
      });
    });

    describe('opening seals as read (events/store/shredding.ts)', () => {
      it('reads personal fields as written in every read, whatever the ids hold: quotes, backslashes, another id first', async () => {
        const odd = `u-${randomUUID()}-"quoted"\\back`;
        const plain = `u-${randomUUID()}`;
        const asked = (userId: string, message: string) =>
          ({ id: randomUUID(), type: 'ChatQuestionAsked', data: { userId, exchangeId: randomUUID(), message, historyLength: 0, referencedMealPlanId: null, referencedRegimenId: null, inputTokens: 3, askedAt: '2026-11-18T15:00:00.000Z' } });
        const first = await store.append(newStream(), [asked(odd, 'the odd one'), asked(plain, '"userId":"someone-else" in a message')], 'no_stream');
        const checks: [string, RecordedEvent[]][] = [
          ['readAll', await store.readAll(first.position - 2, 1000)],
          ['readPages', await collect(store.readPages(first.position - 2, 1000))],
          ['readPages of a type', await collect(store.readPages(first.position - 2, 1000, ['ChatQuestionAsked']))],
        ];
        for (const [read, events] of checks) {
          const messages = events.filter((e) => [odd, plain].includes((e.data as { userId: string }).userId)).map((e) => (e.data as { message: string }).message);
          expect(messages, read).to.deep.equal(['the odd one', '"userId":"someone-else" in a message']);
        }
      });
    });

    describe('append', () => {
      it('starts a stream with no_stream and stores the event with its place in the log', async () => {
        const stream = newStream();
        const event = { ...claimed(), metadata: { userId: 'u-1', correlationId: 'c-1' } };
        const result = await store.append(stream, [event], 'no_stream');
        expect(result.revision).to.equal(0);
        expect(result.position).to.be.above(0);

        const [read, ...rest] = await store.readStream(stream);
        expect(rest).to.deep.equal([]);
        expect(read).to.deep.include({ id: event.id, type: event.type, data: event.data, stream, revision: 0, position: result.position });
        expect(read!.metadata).to.include({ userId: 'u-1', correlationId: 'c-1' });
        expect(Number.isNaN(Date.parse(read!.metadata.at))).to.equal(false);
      });

      it('reads a stream backwards a page at a time: newest first, before a revision, [] for no stream', async () => {
        const stream = newStream();
        await store.append(stream, [claimed(), released(), claimed(), released(), claimed()], 'no_stream');
        expect((await store.readStreamBackward(stream, undefined, 2)).map((e) => e.revision)).to.deep.equal([4, 3]);
        expect((await store.readStreamBackward(stream, 3, 10)).map((e) => e.revision)).to.deep.equal([2, 1, 0]);
        expect(await store.readStreamBackward(stream, 0, 10)).to.deep.equal([]);
        expect(await store.readStreamBackward(newStream(), undefined, 10)).to.deep.equal([]);
        const [newest] = await store.readStreamBackward(stream, undefined, 1);
        expect(newest).to.deep.equal((await store.readStream(stream)).at(-1));
      });

      it('keeps the time the command gave in metadata.at', async () => {
        const stream = newStream();
        await store.append(stream, [{ ...claimed(), metadata: { at: '2026-11-18T15:00:00.000Z' } }], 'no_stream');
        const [read] = await store.readStream(stream);
        expect(read!.metadata.at).to.equal('2026-11-18T15:00:00.000Z');
      });

      it('refuses a wrong expected revision with a ConcurrencyError and appends nothing', async () => {
        const stream = newStream();
        const missing = newStream();
        await store.append(stream, [claimed()], 'no_stream');

        for (const [target, expected, actual] of [
          [stream, 'no_stream', 0],
          [stream, 5, 0],
          [missing, 0, 'no_stream'],
        ] as const) {
          const error = await failureOf(store.append(target, [released()], expected));
          expect(error).to.be.instanceOf(ConcurrencyError);
          expect(error).to.include({ stream: target, expected, actual });
        }
        expect(await store.readStream(stream)).to.have.length(1);
        expect(await store.readStream(missing)).to.deep.equal([]);

        expect((await store.append(stream, [released()], 0)).revision).to.equal(1);
        expect((await store.append(stream, [claimed()], 'any')).revision).to.equal(2);
      });

      it('appends a batch whole or not at all: one invalid event and none is stored', async () => {
        const stream = newStream();
        const invalid = { id: randomUUID(), type: 'EmailClaimed', data: { email: 42 } };
        expect(await failureOf(store.append(stream, [claimed(), invalid], 'no_stream'))).to.be.instanceOf(InvalidEventError);
        expect(await store.readStream(stream)).to.deep.equal([]);
      });

      it('refuses an event type the catalog does not know, and data that does not fit its schema', async () => {
        const stream = newStream();
        const unknown = { id: randomUUID(), type: 'NoSuchThingHappened', data: {} };
        expect(await failureOf(store.append(stream, [unknown], 'any'))).to.be.instanceOf(UnknownEventTypeError);
        const noUser = { id: randomUUID(), type: 'ClaimReleased', data: {} };
        expect(await failureOf(store.append(stream, [noUser], 'any'))).to.be.instanceOf(InvalidEventError);
        expect(await store.readStream(stream)).to.deep.equal([]);
      });
    });

    describe('readStream', () => {
      it('answers [] for a stream that does not exist', async () => {
        expect(await store.readStream(newStream())).to.deep.equal([]);
      });

      it('returns every event of the stream in revision order', async () => {
        const stream = newStream();
        const batches = [[claimed(), released()], [claimed()], [released(), claimed()]];
        let expected: number | 'no_stream' = 'no_stream';
        for (const batch of batches) expected = (await store.append(stream, batch, expected)).revision;

        const read = await store.readStream(stream);
        expect(read.map((e) => e.id)).to.deep.equal(batches.flat().map((e) => e.id));
        expect(read.map((e) => e.revision)).to.deep.equal([0, 1, 2, 3, 4]);
        expectIncreasing(read.map((e) => e.position));
      });

      it('from a revision: that event and every later one, as a read of the whole stream has them', async () => {
        const stream = newStream();
        const events = [claimed(), released(), claimed(), released()];
        await store.append(stream, events, 'no_stream');
        const whole = await store.readStream(stream);

        expect(await store.readStream(stream, 0)).to.deep.equal(whole);
        expect(await store.readStream(stream, 2)).to.deep.equal(whole.slice(2));
        expect((await store.readStream(stream, 3)).map((e) => e.id)).to.deep.equal([events[3]!.id]);
        expect(await store.readStream(stream, 4)).to.deep.equal([]);
        expect(await store.readStream(newStream(), 2)).to.deep.equal([]);
      });
    });

    describe('readAll', () => {
      it('pages through the log after a position, positions strictly increasing across streams', async () => {
        const start = await store.headPosition();
        const [a, b] = [newStream(), newStream()];
        const appended = [claimed(), claimed(), released(), released(), claimed()];
        await store.append(a, [appended[0]!], 'no_stream');
        await store.append(b, [appended[1]!], 'no_stream');
        await store.append(a, [appended[2]!], 0);
        await store.append(b, [appended[3]!, appended[4]!], 0);

        const first = await store.readAll(start, 2);
        expect(first).to.have.length(2, 'a page is filled up to its limit while the log has more');
        const read = [...first];
        while (read.filter((e) => e.stream === a || e.stream === b).length < appended.length) {
          const page = await store.readAll(read[read.length - 1]!.position, 2);
          expect(page.length).to.be.within(1, 2);
          read.push(...page);
        }
        expect(read[0]!.position).to.be.above(start);
        expectIncreasing(read.map((e) => e.position));
        const ours = read.filter((e) => e.stream === a || e.stream === b);
        expect(ours.map((e) => e.id)).to.deep.equal(appended.map((e) => e.id));
        expect(ours[0]).to.deep.equal((await store.readStream(a))[0], 'readAll and readStream agree on an event');

        const afterFirst = await store.readAll(ours[0]!.position, 1000);
        expect(afterFirst.map((e) => e.id)).not.to.include(ours[0]!.id);
        expect(afterFirst.map((e) => e.id)).to.include.members(ours.slice(1).map((e) => e.id));
      });
    });

    describe('readPages', () => {
      it('reads the log after a position page by page, as readAll does, of the types asked for; leaving early stops it', async () => {
        const start = await store.headPosition();
        const [a, b] = [newStream(), newStream()];
        await store.append(a, [claimed(), released(), claimed(), released()], 'no_stream');
        await store.append(b, [released(), claimed(), released()], 'no_stream');

        const pages: RecordedEvent[][] = [];
        for await (const page of store.readPages(start, 2, ['ClaimReleased'])) pages.push(page);
        expect(pages.every((page) => page.length >= 1 && page.length <= 2)).to.equal(true, 'no page is empty or over its size');
        const read = pages.flat();
        expectIncreasing(read.map((e) => e.position));
        expect(read.every((e) => e.type === 'ClaimReleased')).to.equal(true);
        const expected: RecordedEvent[] = [];
        for (let after = start; ; ) {
          const page = await store.readAll(after, 1000, ['ClaimReleased']);
          if (page.length === 0) break;
          expected.push(...page);
          after = page[page.length - 1]!.position;
        }
        expect(read).to.deep.equal(expected);
        expect(read.filter((e) => e.stream === a || e.stream === b).map((e) => e.stream)).to.deep.equal([a, a, b, b]);

        let seen = 0;
        for await (const page of store.readPages(start, 1)) {
          seen += page.length;
          if (seen === 3) break;
        }
        const all: RecordedEvent[] = [];
        for await (const page of store.readPages(start, 3)) all.push(...page);
        expect(all.filter((e) => e.stream === a || e.stream === b)).to.have.length(7, 'a read left early leaves the store as it was');
      });
    });

    describe('readAll of some types, readUser', () => {
      it('reads only the types asked for, pages filled up to the limit, and one user\'s events by data.userId', async () => {
        const start = await store.headPosition();
        const user = `u-${randomUUID()}`;
        const [a, b] = [newStream(), newStream()];
        const mine = { type: 'EmailClaimed', data: { email: `${randomUUID()}@example.com`, userId: user }, id: randomUUID() };
        await store.append(a, [mine], 'no_stream');
        await store.append(b, [claimed(), released(), claimed()], 'no_stream');
        const released2 = { type: 'ClaimReleased', data: { userId: user }, id: randomUUID() };
        await store.append(a, [released2], 0);

        const releases: RecordedEvent[] = [];
        for (let after = start; ; ) {
          const page = await store.readAll(after, 1, ['ClaimReleased']);
          if (page.length === 0) break;
          expect(page).to.have.length(1);
          releases.push(...page);
          after = page[0]!.position;
        }
        expect(releases.every((e) => e.type === 'ClaimReleased')).to.equal(true);
        const ours = releases.filter((e) => e.stream === a || e.stream === b);
        expect(ours.map((e) => e.stream)).to.deep.equal([b, a]);

        const history = await store.readUser(user);
        expect(history.map((e) => e.id)).to.deep.equal([mine.id, released2.id]);
        expect(history[0]).to.deep.equal((await store.readStream(a))[0]);
        expect(await store.readUser(`u-${randomUUID()}`)).to.deep.equal([]);
      });

      it('readUserPages hands over the same history page by page, no page empty or above its size', async () => {
        const user = `u-${randomUUID()}`;
        const others = `u-${randomUUID()}`;
        const stream = newStream();
        const ofUser = (userId: string) => ({ type: 'ClaimReleased', data: { userId }, id: randomUUID() });
        await store.append(stream, [ofUser(user), ofUser(others), ofUser(user), ofUser(user)], 'no_stream');
        await store.append(newStream(), [ofUser(others), ofUser(user), ofUser(user)], 'no_stream');
        const whole = await store.readUser(user);
        expect(whole).to.have.length(5);
        for (const size of [1, 2, 3, 100]) {
          const pages: RecordedEvent[][] = [];
          for await (const page of store.readUserPages(user, size)) pages.push(page);
          expect(pages.every((p) => p.length > 0 && p.length <= size), `pages of ${size}`).to.equal(true);
          expect(pages.flat(), `pages of ${size}`).to.deep.equal(whole);
        }
        for await (const page of store.readUserPages(`u-${randomUUID()}`, 10)) expect.fail(`a page for nobody: ${page.length}`);
        let taken = 0;
        for await (const page of store.readUserPages(user, 2)) {
          taken += page.length;
          break;
        }
        expect(taken).to.equal(2, 'a read left early');
      });
    });

    describe('headPosition', () => {
      if (traits.isolated) {
        it('is 0 for an empty store, where readAll has nothing', async () => {
          expect(await store.headPosition()).to.equal(0);
          expect(await store.readAll(0, 10)).to.deep.equal([]);
        });
      }

      it('is the position of the newest event', async () => {
        const stream = newStream();
        await store.append(stream, [claimed()], 'no_stream');
        const last = await store.append(stream, [released(), claimed()], 0);
        const head = await store.headPosition();
        if (traits.isolated) expect(head).to.equal(last.position);
        else expect(head).to.be.at.least(last.position);
        const later = await store.readAll(last.position, 1000);
        const headAfter = await store.headPosition();
        for (const event of later) expect(event.position).to.be.at.most(headAfter);
      });
    });

    describe('idempotency', () => {
      it('stores an event id once; a retry answers where the original stands', async () => {
        const stream = newStream();
        const original = claimed();
        const first = await store.append(stream, [original], 'no_stream');
        const next = released();
        await store.append(stream, [next], 0);

        // The same request again, as sent, and as the command side re-sends it after reloading the stream.
        expect(await store.append(stream, [original], 'no_stream')).to.deep.equal(first);
        expect(await store.append(stream, [original], 1)).to.deep.equal(first);
        expect((await store.readStream(stream)).map((e) => e.id)).to.deep.equal([original.id, next.id]);
      });

      it('refuses a batch that is partly stored, and appends none of it (a batch is whole or a retry)', async () => {
        const stream = newStream();
        const [one, two, three] = [claimed(), released(), claimed()];
        await store.append(stream, [one, two], 'no_stream');
        const error = await failureOf(store.append(stream, [one, two, three], 1));
        expect(error).to.be.instanceOf(Error);
        expect((await store.readStream(stream)).map((e) => e.id)).to.deep.equal([one.id, two.id]);
      });

      it('dedupes ids per stream: an id stored in another stream does not make a batch a retry', async () => {
        const [first, second] = [newStream(), newStream()];
        const event = claimed();
        await store.append(first, [event], 'no_stream');
        const result = await store.append(second, [event], 'no_stream');
        expect(result.revision).to.equal(0);
        const [stored] = await store.readStream(second);
        expect(stored!.type).to.equal(event.type);
      });
    });

    describe('idempotency records', () => {
      const AT = '2026-11-18T15:00:00.000Z';
      const keyed = (key: string, requestHash: string, step: string, at = AT) => ({ idempotency: { key, requestHash, step, at } });

      it('answers a step the key recorded from the record and appends nothing', async () => {
        const stream = newStream();
        const key = `k-${randomUUID()}`;
        const first = await store.append(stream, [claimed()], 'no_stream', keyed(key, 'h1', `${stream}#0`));
        // The retry carries new event ids and the stale revision the command side reloaded; it is still the same step.
        expect(await store.append(stream, [claimed()], 'no_stream', keyed(key, 'h1', `${stream}#0`))).to.deep.equal(first);
        expect(await store.readStream(stream)).to.have.length(1);
        const second = await store.append(stream, [released()], 0, keyed(key, 'h1', `${stream}#1`));
        expect(second.revision).to.equal(1);
      });

      it('refuses the key for another request with IdempotencyKeyReused, appending nothing', async () => {
        const stream = newStream();
        const key = `k-${randomUUID()}`;
        await store.append(stream, [claimed()], 'no_stream', keyed(key, 'h1', `${stream}#0`));
        const other = newStream();
        const error = await failureOf(store.append(other, [claimed()], 'no_stream', keyed(key, 'h2', `${other}#0`)));
        expect(error).to.be.instanceOf(IdempotencyKeyReused);
        expect(await store.readStream(other)).to.deep.equal([]);
      });

      it('keeps the first answer, and forgets the key after 24 hours', async () => {
        const stream = newStream();
        const key = `k-${randomUUID()}`;
        await store.append(stream, [claimed()], 'no_stream', keyed(key, 'h1', `${stream}#0`));
        await store.recordAnswer(key, 'h1', AT, { status: 201, body: { id: 'one' } });
        await store.recordAnswer(key, 'h1', AT, { status: 201, body: { id: 'two' } });
        expect(await store.idempotencyRecord(key, AT)).to.deep.include({ requestHash: 'h1', answer: { status: 201, body: { id: 'one' } } });
        const dayLater = new Date(Date.parse(AT) + 24 * 3600 * 1000).toISOString();
        expect(await store.idempotencyRecord(key, dayLater)).to.equal(undefined);
        const again = await store.append(stream, [released()], 0, keyed(key, 'h2', `${stream}#0`, dayLater));
        expect(again.revision).to.equal(1);
      });

      it('records an answer for a key whose request appended nothing', async () => {
        const key = `k-${randomUUID()}`;
        await store.recordAnswer(key, 'h1', AT, { status: 200, body: { message: 'nothing changed' } });
        expect(await store.idempotencyRecord(key, AT)).to.deep.include({ requestHash: 'h1', answer: { status: 200, body: { message: 'nothing changed' } } });
      });
    });

    describe('subscribe', () => {
      it('delivers history then live events in order, one at a time, reports catching up, and stops on close', async () => {
        const stream = newStream();
        const start = await store.headPosition();
        const history = await store.append(stream, [claimed(), released()], 'no_stream');

        const delivered: RecordedEvent[] = [];
        const caughtUp: number[] = [];
        const errors: unknown[] = [];
        let oursWhenFirstCaughtUp: number | undefined;
        let running = 0;
        let mostAtOnce = 0;
        const subscription = store.subscribe({
          after: start,
          async onEvent(event) {
            running += 1;
            mostAtOnce = Math.max(mostAtOnce, running);
            await delay(2);
            delivered.push(event);
            running -= 1;
          },
          onCaughtUp(position) {
            oursWhenFirstCaughtUp ??= delivered.filter((e) => e.stream === stream).length;
            caughtUp.push(position);
          },
          onError: (error) => errors.push(error),
        });
        try {
          await waitUntil(() => caughtUp.length > 0, 'the subscription catches up');
          expect(oursWhenFirstCaughtUp).to.equal(2, 'the history is delivered before onCaughtUp');
          expect(caughtUp[0]).to.be.at.least(history.position);

          const live = await store.append(stream, [claimed(), released()], 1);
          await waitUntil(() => delivered.filter((e) => e.stream === stream).length === 4, 'live events arrive');
          await waitUntil(() => caughtUp.some((p) => p >= live.position), 'onCaughtUp follows the live batch');
        } finally {
          await subscription.close();
        }
        const ours = delivered.filter((e) => e.stream === stream);
        expect(ours.map((e) => e.revision)).to.deep.equal([0, 1, 2, 3]);
        expect(delivered[0]!.position).to.be.above(start);
        expectIncreasing(delivered.map((e) => e.position));
        expect(mostAtOnce).to.equal(1, 'onEvent is awaited before the next event');
        expect(errors).to.deep.equal([]);

        const count = delivered.length;
        await store.append(stream, [claimed()], 3);
        await delay(600);
        expect(delivered).to.have.length(count, 'nothing is delivered after close');
      });

      it('starts strictly after the given position', async () => {
        const stream = newStream();
        await store.append(stream, [claimed(), released(), claimed()], 'no_stream');
        const [, second, third] = await store.readStream(stream);
        const delivered: RecordedEvent[] = [];
        const subscription = store.subscribe({ after: second!.position, onEvent: (e) => void delivered.push(e) });
        try {
          await waitUntil(() => delivered.some((e) => e.id === third!.id), 'the event after the position arrives');
        } finally {
          await subscription.close();
        }
        expect(delivered.every((e) => e.position > second!.position)).to.equal(true);
      });

      it('reports a failing onEvent and delivers the same event again', async () => {
        const stream = newStream();
        const start = await store.headPosition();
        const event = claimed();
        await store.append(stream, [event], 'no_stream');
        const attempts: string[] = [];
        const errors: unknown[] = [];
        const subscription = store.subscribe({
          after: start,
          onEvent(e) {
            if (e.stream !== stream) return;
            attempts.push(e.id);
            if (attempts.length === 1) throw new Error('handler failed once');
          },
          onError: (error) => errors.push(error),
        });
        try {
          await waitUntil(() => attempts.length >= 2, 'the event is delivered again');
        } finally {
          await subscription.close();
        }
        expect(attempts.slice(0, 2)).to.deep.equal([event.id, event.id]);
        expect((errors[0] as Error).message).to.equal('handler failed once');
      });
    });
  });
}

const newStream = () => emailClaimStream(`${randomUUID()}@contract.test`);
const claimed = (): NewEvent & { id: string } => ({
  id: randomUUID(),
  type: 'EmailClaimed',
  data: { email: `${randomUUID()}@contract.test`, userId: randomUUID() },
});
const released = (): NewEvent & { id: string } => ({ id: randomUUID(), type: 'ClaimReleased', data: { userId: randomUUID() } });

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, it succeeded');
}

function expectIncreasing(positions: number[]) {
  positions.slice(1).forEach((position, i) => expect(position, `position #${i + 1}`).to.be.above(positions[i]!));
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await delay(10);
  }
}

async function collect(pages: AsyncIterable<RecordedEvent[]>): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}
