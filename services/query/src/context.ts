import type { RequestHandler } from 'express';
import type { RoleLookup, Tokens } from '../../platform/auth.js';
import { badRequest } from '../../platform/http.js';
import type { Logger } from '../../platform/logger.js';
import type { ReadModelStore } from './store/port.js';
import type { EventLog } from '../../../events/store/port.js';
import type { ProfileDoc } from './accounts/profile/profiles.projection.js';

export interface QueryDeps {
  readModels: ReadModelStore;
  /** The log itself, for answers replayed from one user's own events (time travel, export). */
  events: EventLog;
  tokens: Tokens;
  /** The caller's current role, from the profiles read model. */
  roleOf: RoleLookup;
  log: Logger;
  /** Resolves once the read models have applied the log up to `position` (false after the timeout). */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  now(): Date;
  /** `test` while payments run in the local test checkout (no STRIPE_SECRET_KEY): only then can its page be read. */
  paymentProvider: 'stripe' | 'test';
  /** The VAPID public key a device subscribes to push with (services/platform/vapid.ts). */
  pushPublicKey: string;
}

const MAX_WAIT_MS = 2000;

/**
 * Read-your-writes: a GET carrying `X-Min-Position` (the position a command answered) waits, at most 2 s, until
 * the projector has passed it. If it has not by then, the answer comes anyway, marked `X-Read-Stale: true`.
 */
export const minPosition =
  (deps: QueryDeps): RequestHandler =>
  (req, res, next) => {
    const header = req.header('X-Min-Position');
    if (header === undefined) return next();
    if (!/^\d{1,15}$/.test(header)) return next(badRequest('X-Min-Position must be a whole number'));
    deps.waitFor(Number(header), MAX_WAIT_MS).then((reached) => {
      if (!reached) res.setHeader('X-Read-Stale', 'true');
      next();
    }, next);
  };

export const roleFromReadModel =
  (readModels: ReadModelStore): RoleLookup =>
  async (userId) =>
    (await readModels.get<ProfileDoc>('profiles', userId))?.role ?? 0;
