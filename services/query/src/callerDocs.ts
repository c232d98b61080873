import type { Response } from 'express';
import { LRUCache } from 'lru-cache';
import { currentUser } from '../../platform/auth.js';
import { forbidden, sendJsonText } from '../../platform/http.js';
import type { QueryDeps } from './context.js';
import type { ReadModelStore } from './store/port.js';

/**
 * The caller's docs for a GET open to the roles `allowed`, judged by the role the caller holds now (as `signedInAs`
 * does; mount `requireUser` before it for the 401). `read` gets the caller's id and must start its store reads before
 * its first `await` (e.g. one `Promise.all`), so the role and the docs are read at one version mark of the store
 * (docs/adr/0032-a-guarded-get-reads-the-role-with-its-docs.md). Nothing of `read` reaches the caller, not even its
 * error, unless the role passed.
 */
export async function readAs<T>(deps: Pick<QueryDeps, 'roleOf'>, res: Response, allowed: readonly number[], message: string, read: (userId: string) => Promise<T>): Promise<T> {
  const userId = currentUser(res).id;
  const docs = read(userId);
  // Handled here while the role is awaited (a failure then is no unhandled rejection); the caller still gets it.
  docs.catch(() => {});
  if (!allowed.includes(await deps.roleOf(userId))) throw forbidden(message);
  return docs;
}

/**
 * JSON answers remembered by the stored docs they are drawn from, so a GET whose docs have not changed sends the
 * bytes it sent before instead of drawing the answer and writing it out as JSON again (most of what these GETs did
 * beyond the bare HTTP stack). Exact because the SQLite store hands out one frozen object per stored doc and position
 * (its epoch-checked cache, read anew on every request after any X-Min-Position wait): the same objects mean the same
 * content. A store that hands out new objects on each read (MongoDB) never hits, and stays correct.
 *
 * An answer is kept beside the first doc of its sources, for as long as that doc object lives (the store's cache
 * bounds them), with the other sources and `context`; it is sent only when all of them are the very same.
 */
export class AnswerTexts {
  private readonly kept = new WeakMap<object, { sources: readonly unknown[]; context: string; body: Buffer }>();

  /**
   * Sends the answer `draw` makes from `sources` (the docs it reads, each by identity; undefined for a doc not stored)
   * and `context` (whatever else it depends on, such as the user's local date; '' for nothing). `draw` must read no
   * more than that: no clock, no other doc.
   */
  send(res: Response, sources: readonly unknown[], context: string, draw: () => unknown): void {
    const key = firstObject(sources);
    const kept = key && this.kept.get(key);
    if (kept && kept.context === context && sameSources(kept.sources, sources)) return sendJsonText(res, kept.body);
    const body = Buffer.from(JSON.stringify(draw()));
    if (key) this.kept.set(key, { sources, context, body });
    sendJsonText(res, body);
  }
}

function firstObject(sources: readonly unknown[]): object | undefined {
  for (const source of sources) if (typeof source === 'object' && source !== null) return source;
  return undefined;
}

function sameSources(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What a GET read from the store (its docs, or the answer drawn from them), kept per key (a user, the page asked for)
 * with the store's version mark then (`ReadModelStore.version()`). While the mark stands nothing stored has changed,
 * so what the reads would give is what is kept: the check the store makes for each doc, made once for all of them
 * (docs/adr/0031-answers-are-kept-by-the-docs-they-were-drawn-from.md). Any commit to the file moves the mark, and
 * `load` reads again. A store without a mark (MongoDB) never keeps. Bounded: past `most` keys the least recently used
 * goes.
 */
export class KeptAtMark<T> {
  private readonly kept: LRUCache<string, { version: string; value: T }>;

  constructor(most: number) {
    this.kept = new LRUCache({ max: most });
  }

  /**
   * Called in the run of store reads where the role is read (`readAs`), so the mark is the one the role was read at;
   * `load` must start its store reads before its first `await`.
   */
  read(readModels: Pick<ReadModelStore, 'version'>, key: string, load: () => Promise<T>): Promise<T> {
    const version = readModels.version();
    const kept = this.kept.get(key);
    if (version !== undefined && kept?.version === version) return Promise.resolve(kept.value);
    const read = load();
    if (version === undefined) return read;
    return read.then((value) => {
      this.kept.set(key, { version, value });
      return value;
    });
  }
}
