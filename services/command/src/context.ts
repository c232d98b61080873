import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../../events/store/port.js';
import type { Tokens, RoleLookup } from '../../platform/auth.js';
import { badRequest } from '../../platform/http.js';
import type { Config } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import type { CommandContext } from './execute.js';
import type { LoginLimiter } from './accounts/loginLimiter.js';

export interface CommandDeps {
  store: EventStore;
  tokens: Tokens;
  config: Config;
  log: Logger;
  loginLimiter: LoginLimiter;
  roleOf: RoleLookup;
  /** Shared counters (login and public-endpoint limits) across instances; absent on the embedded default. */
  redis?: Redis;
  /** The clock, passed in so tests can move time; deciders never read it themselves. */
  now(): Date;
}

/** The event metadata of one request: who acted, which request it was, when it was decided. */
export function commandContext(deps: CommandDeps, req: Request, res: Response): CommandContext {
  const key = req.header('Idempotency-Key');
  if (key !== undefined && !/^[\w.:-]{8,128}$/.test(key)) {
    throw badRequest('Idempotency-Key must be 8 to 128 letters, digits or . _ : -');
  }
  const correlationId = req.header('X-Request-Id') ?? randomUUID();
  return {
    store: deps.store,
    // Scoped to the caller: two users who happen to send the same key never land on each other's records.
    idempotencyKey: key === undefined ? undefined : `${res.locals.user?.id ?? 'anonymous'}:${key}`,
    metadata: { userId: res.locals.user?.id, correlationId, at: deps.now().toISOString() },
  };
}
