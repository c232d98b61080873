import express, { type RequestHandler } from 'express';
import { badRequest, nestsDeeperThan, tooDeep } from '../../../../platform/http.js';

/**
 * `navigator.sendBeacon(url, JSON.stringify(body))` posts the JSON as `text/plain;charset=UTF-8` (a beacon cannot
 * set its content type without a Blob), and the page may also use fetch with `application/json`. Both are read as
 * text, held to `limit`, and parsed here; `req.body` is the parsed value. This route only: elsewhere text/plain is
 * not JSON.
 */
export function beaconJsonBody(limit: string): RequestHandler[] {
  return [
    express.text({ type: ['text/plain', 'application/json'], limit }),
    (req, _res, next) => {
      // Already an object when a JSON parser ran before this one; nothing to do then.
      if (typeof req.body !== 'string') return next();
      if (req.body.trim() === '') {
        req.body = undefined;
        return next();
      }
      if (nestsDeeperThan(req.body)) return next(tooDeep());
      try {
        req.body = JSON.parse(req.body) as unknown;
      } catch {
        return next(badRequest('Malformed JSON body'));
      }
      next();
    },
  ];
}
