import { z } from 'zod';
import path from 'node:path';
import { CHAT, MAX_PRICE_CENTS } from '../../events/bounds.js';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  /** kurrentdb://… (or the older esdb://…) selects KurrentDB; without it the log is the embedded SQLite file. */
  EVENTSTORE_URL: z.string().regex(/^(esdb|kurrentdb|kurrent|kdb)(\+discover)?:\/\//, 'must start with kurrentdb://').optional(),
  /** mongodb://… selects MongoDB for read models; without it they live in the embedded SQLite file. */
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb://').optional(),
  MONGO_DB: z.string().min(1).default('trainer'),
  /** redis://… sends jobs through BullMQ; without it they run in-process. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional(),
  /** Namespaces every key this deployment keeps in Redis (queues, leases, login limits), so two never collide. */
  REDIS_PREFIX: z.string().regex(/^[\w-]{1,64}$/, 'must be 1 to 64 letters, digits, _ or -').default('trainer'),
  /** Signs session tokens; in embedded mode one is generated once and kept in DATA_DIR. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  /** Where links in mails point to. */
  PUBLIC_URL: z.string().url().optional(),
  LOGIN_MAX_ATTEMPTS_PER_IDENTIFIER: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(100),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  /** Failed logins one account takes from networks it never logged in from, within the login window. */
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().positive().default(30),
  /** Sign-ups one IP may make per hour. */
  SIGNUP_MAX_PER_IP: z.coerce.number().int().positive().default(10),
  /**
   * scrypt's cost as log2(N) for new password hashes (15: N = 32,768, OWASP's minimum). Each stored hash names its
   * own N, so a change applies to new passwords and every old one still verifies. Below 15 only outside production:
   * the test servers use 10, since a suite signs up a thousand people and scrypt at 15 was most of its CPU.
   */
  PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(20).default(15),
  /** Sign-up and verification mails one address may be sent per hour. */
  MAILS_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(3),
  /** How long a write waits for the SQLite write lock held by another process before answering 503. */
  STORE_BUSY_MAX_WAIT_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * How long the projector waits for that lock before it gives up on a batch and starts over from its checkpoints.
   * No request waits on it, so it may wait far longer than a write does.
   */
  PROJECTOR_BUSY_MAX_WAIT_MS: z.coerce.number().int().min(0).default(60_000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  OPENAI_API_KEY: z.string().optional(),
  /** Any OpenAI-compatible server (a local one too); the SDK's default, api.openai.com, without it. */
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** How long one call to the model may take before the chat answers that the trainer is busy. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** The chat's input budget (message plus recent history), in tokens; past it the answer is TOKEN_LIMIT_EXCEEDED. */
  CHAT_MAX_INPUT_TOKENS: z.coerce.number().int().positive().max(CHAT.inputTokens).default(4000),
  /** Messages one user may send in a burst window, and in a day. */
  CHAT_BURST_LIMIT: z.coerce.number().int().positive().default(6),
  CHAT_BURST_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  CHAT_DAILY_LIMIT: z.coerce.number().int().positive().default(200),
  /** Tickets one user may submit in an hour, and in a day (docs/adr/0321-ticket-limits.md). */
  TICKET_MAX_PER_HOUR: z.coerce.number().int().positive().default(5),
  TICKET_MAX_PER_DAY: z.coerce.number().int().positive().default(20),
  /** Plans (of either kind) one user may save in an hour (docs/adr/0061-plan-limits-and-names.md). */
  PLAN_SAVES_MAX_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Files (imports and previews) one user may send to import in an hour (docs/adr/0184-import-parsing-formats-and-limits.md). */
  IMPORTS_MAX_PER_HOUR: z.coerce.number().int().positive().default(20),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the stripe SDK sends its requests (default Stripe's own API); tests point it at a local stand-in. */
  STRIPE_API_URL: z.string().url().optional(),
  /** The Founding Member Plan's prices in cents (docs/product.md#numbers-and-constants: $6.99 a month, $74.99 a year). */
  SUBSCRIPTION_MONTHLY_CENTS: z.coerce.number().int().positive().max(MAX_PRICE_CENTS).default(699),
  SUBSCRIPTION_ANNUAL_CENTS: z.coerce.number().int().positive().max(MAX_PRICE_CENTS).default(7499),
  /** smtp://… or smtps://…: mail goes out through this server; without it, to DATA_DIR/outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  /** The From of every mail. */
  MAIL_FROM: z.string().min(3).default('Kinetic <no-reply@kinetic.local>'),
  /** The VAPID key pair (base64url) that signs Web Push; without them a pair is generated once and kept in DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key').optional(),
  /** Who push services may contact about this sender (a mailto: or https: URL). */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:)/, 'must start with mailto: or https:').default('mailto:no-reply@kinetic.local'),
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  /** The embedded SQLite file holding the event log and the read models. */
  sqliteFile: string;
  publicUrl: string;
};

/** Stripe Checkout when STRIPE_SECRET_KEY is set; otherwise the clearly marked local test checkout (docs/architecture.md (start-up and storage)). */
export const paymentProviderOf = (config: Pick<Config, 'STRIPE_SECRET_KEY'>): 'stripe' | 'test' => (config.STRIPE_SECRET_KEY ? 'stripe' : 'test');

export class ConfigError extends Error {}

/** Parses the environment once at start; a wrong value stops the start with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to the empty string counts as unset: compose files pass `${NAME:-}` for optional ones.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  const config = parsed.data;
  if (given.NODE_ENV === 'production' && config.PASSWORD_HASH_LOG_N < 15) {
    throw new ConfigError('invalid environment variable PASSWORD_HASH_LOG_N: must be at least 15 in production');
  }
  if ((config.VAPID_PUBLIC_KEY === undefined) !== (config.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('invalid environment variable VAPID_PRIVATE_KEY: set both VAPID keys or neither');
  }
  const dataDir = path.resolve(config.DATA_DIR);
  return {
    ...config,
    dataDir,
    sqliteFile: path.join(dataDir, 'trainer.sqlite'),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
  };
}
