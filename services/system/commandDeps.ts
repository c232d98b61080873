import type { EventStore } from '../../events/store/port.js';
import { AccountLimits } from '../command/src/accounts/accountLimits.js';
import { LoginLimiter } from '../command/src/accounts/loginLimiter.js';
import { roleFromLog } from '../command/src/role.js';
import { cancelBeforeDeletion } from '../command/src/billing/api.js';
import type { CommandDeps } from '../command/src/context.js';
import { leaveWaitlistWith, waitlistSubject } from '../command/src/landing/api.js';
import { withdrawTicketsOf } from '../command/src/support/api.js';
import { removePushDevicesOf } from '../command/src/reminders/api.js';
import type { Tokens } from '../platform/auth.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { CountStore } from '../platform/rateLimit.js';

export interface CommandPartDeps {
  config: Config;
  events: EventStore;
  tokens: Tokens;
  log: Logger;
  now(): Date;
  /** Where the budgets are counted (platform/rateLimit.ts `openCountStore`): Redis, else the SQLite file. */
  counts: CountStore;
}

/** What the command side's functions run with: the routes (command.ts), and the workers that finish their work. */
export const commandDeps = ({ config, events, tokens, log, now, counts }: CommandPartDeps): CommandDeps => ({
  store: events,
  tokens,
  config,
  log,
  now,
  counts,
  roleOf: roleFromLog(events),
  // An account's deletion cancels its subscription (at Stripe first), withdraws its tickets and its waitlist entry,
  // and removes its push devices.
  deletionSteps: [
    { first: cancelBeforeDeletion },
    { withAddress: (ctx, { userId }, now) => withdrawTicketsOf(ctx, userId, now) },
    { withAddress: (ctx, { email }, now) => leaveWaitlistWith(ctx, email, now), subjectsOf: (email) => [waitlistSubject(email)] },
    { withAddress: (ctx, { userId }, now) => removePushDevicesOf(ctx, userId, now) },
  ],
  loginLimiter: new LoginLimiter(config, counts),
  accountLimits: new AccountLimits(config, counts),
});
