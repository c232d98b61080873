import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { Rejected, type RejectionKind } from '../../events/rejected.js';
import type { Logger } from './logger.js';

/**
 * An error a caller can act on: a status a program branches on and a message a person reads, plus `answerFields`
 * the answer carries beside the message (an error code a client branches on). Not named `body`: the body parser
 * sets `body` (the raw request bytes) on an error thrown from its `verify`, and those must never be answered.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly answerFields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Missing or invalid token') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Says which field is wrong and why, in one sentence. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join('.');
      if (issue.code === 'unrecognized_keys') {
        return `${field ? `${field}: ` : ''}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
      }
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/**
 * The request's query, or undefined when its URL has no query string: Express parses the query string anew at each
 * read of `req.query`, work a GET without a query string has no need of.
 */
export const queryOf = (req: Request): Request['query'] | undefined => (req.url.includes('?') ? req.query : undefined);

/** Parses a request part with a schema; bad input becomes a 400 naming the field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw badRequest(describeIssues(result.error));
  return result.data;
}

/**
 * A 200 with JSON already written out (as text, or as its UTF-8 bytes), with the headers `res.json` sends
 * (Content-Type, Content-Length), and without its work per call (re-reading headers, copying a text over 1000 bytes
 * into a Buffer, a freshness check that cannot pass: API answers carry no ETag). A HEAD gets the headers alone (Node
 * drops the body).
 */
export function sendJsonText(res: Response, text: string | Buffer): void {
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}

/** For routes whose client reads `{ error }`: errors carry the text under both names. */
export const errorFieldToo: RequestHandler = (_req, res, next) => {
  res.locals.errorField = true;
  next();
};

/** No body of this API nests deeper than a plan's days, meals and items; a body nested deeper is refused unread. */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests arrays/objects deeper than `max`, found by one pass over the bytes, before any parsing. */
export function nestsDeeperThan(text: string | Uint8Array, max = MAX_JSON_DEPTH): boolean {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

export const tooDeep = () => badRequest(`The JSON body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`);

/**
 * The JSON body parser of every route: at most `limit` (bytes, or "100kb"), and no deeper than MAX_JSON_DEPTH, checked on the raw bytes
 * so a crafted body never reaches JSON.parse or a schema's recursion.
 */
export const jsonBody = (limit: string | number = '100kb'): RequestHandler =>
  express.json({
    limit,
    strict: true,
    verify: (_req, _res, buf) => {
      if (nestsDeeperThan(buf)) throw tooDeep();
    },
  });

/** SQLite's "database or disk is full", or the filesystem's (a file beside it, such as the mail outbox). */
const isStorageFull = (error: unknown) => ['SQLITE_FULL', 'ENOSPC'].includes((error as { code?: string } | null)?.code ?? '');
/** Making room takes a person, not a moment: clients wait a couple of minutes before trying again. */
const STORAGE_FULL_RETRY_SECONDS = 120;

/** Last in the chain: every error becomes `{ message }`; a 500 never shows what went wrong inside. */
export const errorHandler =
  (log: Logger): ErrorRequestHandler =>
  (error, _req, res, _next) => {
    // Where the spec's client reads `error` instead of `message`, the route says so and gets both.
    const alsoError = (message: string) => (res.locals.errorField ? { message, error: message } : { message });
    if (error instanceof HttpError) {
      res.status(error.status).json({ ...alsoError(error.message), ...error.answerFields });
      return;
    }
    if (error instanceof Rejected) return void res.status(statusOf(error)).json(alsoError(error.message));
    // The log stayed locked by another process past the store's bound (lowlevel/sqlite.ts); nothing changed.
    if ((error as Error).name === 'StoreBusy') {
      res.setHeader('Retry-After', String((error as { retryAfterSeconds: number }).retryAfterSeconds));
      return void res.status(503).json(alsoError((error as Error).message));
    }
    // Redis (limits, sign-ins, queues) is out of reach: a passing outage, answered as one rather than as a fault.
    if (isRedisUnreachable(error)) {
      res.setHeader('Retry-After', String(REDIS_DOWN_RETRY_SECONDS));
      return void res.status(503).json(alsoError('The service is briefly unavailable. Please try again in a moment.'));
    }
    // The disk (or SQLite's page limit) is full: the write rolled back, and it will work again once someone makes
    // room. Logged as an error, since only an operator can fix it.
    if (isStorageFull(error)) {
      log.error('storage full: a write was refused', { code: (error as { code: string }).code, message: (error as Error).message });
      res.setHeader('Retry-After', String(STORAGE_FULL_RETRY_SECONDS));
      return void res.status(503).json(alsoError("We cannot save anything just now: the server's storage is full. Nothing was changed; please try again later."));
    }
    const type = (error as { type?: string }).type;
    if (type === 'entity.parse.failed') return void res.status(400).json(alsoError('Malformed JSON body'));
    if (type === 'entity.too.large') return void res.status(413).json(alsoError('Request body is too large'));
    if (typeof (error as { status?: number }).status === 'number' && (error as { status: number }).status < 500) {
      return void res.status((error as { status: number }).status).json(alsoError('Bad request'));
    }
    log.error('unhandled error', error);
    res.status(500).json(alsoError('Something went wrong on our side. Please try again.'));
  };

const REDIS_DOWN_RETRY_SECONDS = 5;

/** ioredis's errors for a command it could not send or that got no answer: the connection is down. */
const isRedisUnreachable = (error: unknown) =>
  (error as Error | undefined)?.name === 'MaxRetriesPerRequestError' || ['Connection is closed.', 'Command timed out'].includes((error as Error | undefined)?.message ?? '');

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'No such endpoint' });
};

/** Each kind of refusal a decider can give, as the HTTP status a caller gets. */
const statusOfRejection: Record<RejectionKind, number> = { invalid: 400, unauthenticated: 401, forbidden: 403, not_found: 404, conflict: 409, unverified: 403 };
export const statusOf = (rejected: Rejected) => statusOfRejection[rejected.kind];
