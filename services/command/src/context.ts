import type { Request, Response } from 'express';
import type { EventStore } from '../../../events/store/port.js';
import type { RoleLookup, SessionUser, Tokens } from '../../platform/auth.js';
import type { Config } from '../../platform/config.js';
import { idempotencyKeyOf, requestIdOf, requestIdentity } from '../../platform/idempotency.js';
import type { Logger } from '../../platform/logger.js';
import type { CountStore } from '../../platform/rateLimit.js';
import type { CommandContext } from './execute.js';
import type { LoginLimiter } from './accounts/loginLimiter.js';
import type { AccountLimits } from './accounts/accountLimits.js';

export interface CommandDeps {
  store: EventStore;
  tokens: Tokens;
  config: Config;
  log: Logger;
  loginLimiter: LoginLimiter;
  /** Sign-up and verification-mail budgets per IP and per address. */
  accountLimits: AccountLimits;
  roleOf: RoleLookup;
  /** What the other capabilities do when an account is deleted, in order (accounts/deletion.ts runs them). */
  deletionSteps: readonly DeletionStep[];
  /** Where every per-user and per-IP budget is counted: Redis when set, else the SQLite file (platform/rateLimit.ts). */
  counts: CountStore;
  /** The clock, passed in so tests can move time; deciders never read it themselves. */
  now(): Date;
}

/** The event metadata of one request: who acted, which request it was, when it was decided. */
export function commandContext(deps: CommandDeps, req: Request, res: Response): CommandContext {
  const at = deps.now().toISOString();
  const key = idempotencyKeyOf(req);
  const identity = key === undefined ? undefined : requestIdentity(req, res, key);
  return {
    store: deps.store,
    idempotencyKey: identity?.key,
    idempotency: identity && key !== undefined ? { clientKey: key, ...identity, at, appends: new Map() } : undefined,
    metadata: { userId: (res.locals.user as SessionUser | undefined)?.id, correlationId: requestIdOf(req), at },
  };
}

/**
 * What another capability does when an account is deleted. The composition root lists the steps
 * (services/system/commandDeps.ts) and accounts/deletion.ts runs them, so the other capabilities depend on accounts and never the reverse.
 */
export interface DeletionStep {
  /** Before anything that cannot be taken back (a failure stops the deletion), and again while finishing it. */
  first?(deps: CommandDeps, ctx: CommandContext, userId: string, now: string): Promise<void>;
  /** While the person's address can still be read. */
  withAddress?(ctx: CommandContext, person: { userId: string; email: string }, now: string): Promise<void>;
  /** The key subjects of its own it holds for the address, destroyed before the person's key. */
  subjectsOf?(email: string): string[];
}
