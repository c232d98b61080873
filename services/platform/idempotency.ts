import { createHash, randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { AnswerRecords } from '../../events/store/port.js';
import { badRequest, HttpError } from './http.js';

const KEY_SHAPE = /^[\w.:-]{8,128}$/;

/** The request's Idempotency-Key, if it sent one; a key of the wrong shape is a 400. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.header('Idempotency-Key');
  if (key !== undefined && !KEY_SHAPE.test(key)) throw badRequest('Idempotency-Key must be 8 to 128 letters, digits or . _ : -');
  return key;
}

/**
 * The X-Request-Id to record as the correlation id: what the gateway or client sent, cut to 128 of the characters
 * an id needs, so a header cannot put kilobytes or markup into every event's metadata; a fresh id otherwise.
 */
export function requestIdOf(req: Request): string {
  const sent = (req.header('X-Request-Id') ?? '').replace(/[^\w.:-]/g, '').slice(0, 128);
  return sent || randomUUID();
}

/** JSON with object keys in sorted order, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A key belongs to one caller (the signed-in user, else everyone without a token) and one route (method and path),
 * and remembers the request it was first used for by a hash of path, query and body.
 */
export function requestIdentity(req: Request, res: Response, key: string): { key: string; requestHash: string } {
  const caller = (res.locals.user as { id?: string } | undefined)?.id ?? 'anonymous';
  const route = `${req.method} ${req.originalUrl.split('?')[0]}`;
  const requestHash = createHash('sha256')
    .update(`${route}\n${canonical(req.query ?? {})}\n${canonical(req.body ?? null)}`)
    .digest('base64url');
  return { key: `${caller} ${route} ${key}`, requestHash };
}

export const keyReusedMessage = (key: string) =>
  `Idempotency-Key ${key} was already used for a different request. Send a new key for a new request; a retry must repeat the first request exactly.`;

export const keyReused = (key: string) => new HttpError(422, keyReusedMessage(key));

/**
 * Wraps every write route (mount it first): when a request with an Idempotency-Key answers, a retry of a request
 * that succeeded before gets that first answer instead, the key on a different request gets 422, and a first
 * success is remembered for 24 hours. A route whose answer must not be kept (a session token) sets
 * `res.locals.noReplay`. The appends themselves are recognized as retries by the store (`appendIn`);
 * this only makes the answer the same, whatever the route computed the second time.
 */
export const idempotentAnswers =
  (store: AnswerRecords, now: () => Date): RequestHandler =>
  (req, res, next) => {
    const key = idempotencyKeyOf(req);
    if (key === undefined) return next();
    const send = res.json.bind(res);
    const settle = async (body: unknown) => {
      if (res.statusCode >= 500 || res.statusCode === 422) return send(body);
      const identity = requestIdentity(req, res, key);
      const at = now().toISOString();
      const record = await store.idempotencyRecord(identity.key, at);
      if (record && record.requestHash !== identity.requestHash) {
        res.status(422);
        return send({ message: keyReusedMessage(key) });
      }
      if (res.locals.noReplay) return send(body);
      if (record?.answer) {
        res.status(record.answer.status);
        return send(record.answer.body);
      }
      if (res.statusCode < 300) await store.recordAnswer(identity.key, identity.requestHash, at, { status: res.statusCode, body });
      send(body);
    };
    res.json = ((body: unknown) => {
      // If the record cannot be read or written (the log is locked elsewhere), the route's own answer goes out.
      settle(body).catch(() => res.headersSent || send(body));
      return res;
    }) as typeof res.json;
    next();
  };
