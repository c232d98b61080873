import { SignJWT, decodeJwt, jwtVerify, errors as joseErrors } from 'jose';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { forbidden, unauthorized } from './http.js';
import type { Config } from './config.js';
import { RedisSignIns, SqliteSignIns, type SignInStore } from './signIns.js';

export interface SessionUser {
  id: string;
  name: string;
  role: number;
  /** The sign-in (device) the token belongs to: ending it ends the token. */
  sid: string;
}

/**
 * How long this process trusts that a sign-in it saw live still is. Ending a sign-in here forgets it at once; one
 * ended on another instance is refused here within this long (the promise is "within a second everywhere").
 */
const LIVE_FOR_MS = 500;
/** How long a sign-in seen live here is trusted while the store of sign-ins cannot be reached. */
const TRUSTED_WHILE_STORE_DOWN_MS = 15 * 60_000;

/**
 * Signs and checks tokens: session tokens (`sub`, `name`, `role`, `exp`) and single-purpose ones (e-mail links).
 * A token's times are real time (`Date.now()`, as jose checks them), not the system's clock that tests move: the
 * browser reads `exp` against its own clock, so a token dated on a moved clock would look expired or long-lived there.
 */
export class Tokens {
  private readonly key: Uint8Array;
  /** Sign-in ids seen live, with when they were seen. */
  private readonly live = new LRUCache<string, number>({ max: VERIFIED_TOKENS_KEPT });

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    readonly signIns: SignInStore,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A session token for the user on the sign-in `sid` (a new one at login; the same one when the role changes). */
  session(user: Omit<SessionUser, 'sid'>, sid: string): Promise<string> {
    return new SignJWT({ name: user.name, role: user.role, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  async verifySession(token: string): Promise<SessionUser | undefined> {
    try {
      // Every token this app signs expires; one without `exp` was not made here for a session, so it is refused.
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      // A token without a sign-in could not be ended by anyone, so it is not accepted.
      if (payload.purpose !== undefined || typeof payload.sub !== 'string' || typeof payload.role !== 'number' || typeof payload.sid !== 'string') return undefined;
      return { id: payload.sub, name: typeof payload.name === 'string' ? payload.name : '', role: payload.role, sid: payload.sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }

  /**
   * What `authenticate` answers when that needs no wait (nearly every request): a token this process verified, of a
   * sign-in it saw live within LIVE_FOR_MS. Undefined means "ask `authenticate`", not "refused".
   */
  authenticatedNow(token: string): SessionUser | undefined {
    const user = this.verifiedNow(token);
    const seen = user && this.live.get(user.sid);
    return seen !== undefined && Date.now() - seen < LIVE_FOR_MS ? user : undefined;
  }

  /** A signed, unexpired session token whose sign-in has not been ended (here at once, elsewhere within LIVE_FOR_MS). */
  async authenticate(token: string): Promise<SessionUser | undefined> {
    const user = await this.verifySessionCached(token);
    if (!user) return undefined;
    const seen = this.live.get(user.sid);
    if (seen !== undefined && Date.now() - seen < LIVE_FOR_MS) return user;
    let live: boolean;
    try {
      live = await this.signIns.isLive(user.sid);
    } catch (error) {
      // The store of sign-ins (Redis) cannot answer. No sign-in can be ended while it cannot be written either, so a
      // sign-in this process saw live lately is taken to be live still; any other request waits for the store (503).
      if (seen !== undefined && Date.now() - seen < TRUSTED_WHILE_STORE_DOWN_MS) return user;
      throw error;
    }
    if (!live) {
      this.live.delete(user.sid);
      return undefined;
    }
    this.live.set(user.sid, Date.now());
    return user;
  }

  /** Ends sign-ins (one, or every one of the user but `keep`); this process refuses their tokens from now on. */
  async endSignIn(userId: string, sid: string): Promise<boolean> {
    this.live.delete(sid);
    return this.signIns.end(userId, sid);
  }

  async endSignIns(userId: string, keep?: string): Promise<void> {
    const ids = (await this.signIns.list(userId)).map((s) => s.id);
    for (const id of ids) if (id !== keep) this.live.delete(id);
    await this.signIns.endAll(userId, keep);
  }

  /** A token good for one purpose only (`verify-email`), so a session token can never stand in for it. */
  purpose(purpose: string, subject: string, ttlSeconds: number, claims: Record<string, string> = {}): Promise<string> {
    return new SignJWT({ ...claims, purpose })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  async verifyPurpose(purpose: string, token: string): Promise<string | undefined> {
    return (await this.verifyPurposeClaims(purpose, token))?.sub;
  }

  /** The claims of a valid single-purpose token (its subject in `sub`), or undefined. */
  async verifyPurposeClaims(purpose: string, token: string): Promise<(Record<string, unknown> & { sub: string }) | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      return payload.purpose === purpose && typeof payload.sub === 'string' ? (payload as Record<string, unknown> & { sub: string }) : undefined;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }

  // Checking the signature is a large share of a small GET, and a client sends the same token again and again.
  // Only a token that passed `verifySession` is remembered, and only until its own `exp`; the role it names is
  // not trusted from here (routes check the current role against the read model on every request).
  private readonly verified = new LRUCache<string, { user: SessionUser; expiresAtMs: number }>({ max: VERIFIED_TOKENS_KEPT });

  /** `verifySession`, remembered per token string until the token expires (least recently used out first). */
  async verifySessionCached(token: string): Promise<SessionUser | undefined> {
    const hit = this.verifiedNow(token);
    if (hit) return hit;
    const user = await this.verifySession(token);
    const exp = user && expiryOf(token);
    if (user && exp !== undefined) {
      this.verified.set(token, { user, expiresAtMs: exp * 1000 });
    }
    return user;
  }

  /** The user of a token that passed `verifySession` here and has not expired since. */
  private verifiedNow(token: string): SessionUser | undefined {
    const hit = this.verified.get(token);
    if (!hit) return undefined;
    if (Date.now() < hit.expiresAtMs) return hit.user;
    this.verified.delete(token);
    return undefined;
  }
}

const VERIFIED_TOKENS_KEPT = 10_000;

/** The `exp` claim (seconds) of a token whose signature was already checked; undefined when it has none. */
function expiryOf(token: string): number | undefined {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? exp : undefined;
}

/** The purpose of a password-reset link's token (it also carries `v`, the password version it was sent for). */
export const RESET_PASSWORD_PURPOSE = 'reset-password';

/** Sign-ins in Redis when the deployment has one (every instance sees the same), else in the SQLite file. */
export const openSignIns = (config: Config, redis?: Redis): SignInStore =>
  redis ? new RedisSignIns(redis, config.TOKEN_TTL_SECONDS) : new SqliteSignIns(config.sqliteFile, config.TOKEN_TTL_SECONDS, config.STORE_BUSY_MAX_WAIT_MS);

/** JWT_SECRET when set; in embedded mode a secret generated on first start and kept in DATA_DIR. */
export function loadTokens(config: Config, redis?: Redis): Tokens {
  const signIns = openSignIns(config, redis);
  if (config.JWT_SECRET) return new Tokens(config.JWT_SECRET, config.TOKEN_TTL_SECONDS, signIns);
  const file = path.join(config.dataDir, 'jwt-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new Tokens(fs.readFileSync(file, 'utf8').trim(), config.TOKEN_TTL_SECONDS, signIns);
}

/** 401 unless the request carries a valid, unexpired session token of a live sign-in; the user lands in `res.locals.user`. */
export const requireUser =
  (tokens: Tokens): RequestHandler =>
  (req, res, next) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return next(unauthorized('Missing token: sign in first'));
    // Nearly every request is of a token and sign-in this process knows: answered without waiting a turn.
    const known = tokens.authenticatedNow(match[1]!);
    if (known) {
      res.locals.user = known;
      return next();
    }
    tokens.authenticate(match[1]!).then((user) => {
      if (!user) return next(unauthorized('Invalid or expired token: sign in again'));
      res.locals.user = user;
      next();
    }, next);
  };

/**
 * `requireUser`, except that a signed, unexpired session token whose sign-in has ended passes too, marked with
 * `res.locals.signInEnded`: only for a route that must still answer such a token for what it started (a deletion
 * retried after its first step ended every sign-in), and that refuses it for anything else.
 */
export const requireSignedToken =
  (tokens: Tokens): RequestHandler =>
  (req, res, next) =>
    requireUser(tokens)(req, res, (error?: unknown) => {
      const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      if (!error || !match || !(error instanceof Error && (error as { status?: number }).status === 401)) return next(error);
      tokens.verifySessionCached(match[1]!).then((user) => {
        if (!user) return next(error);
        res.locals.user = user;
        res.locals.signInEnded = true;
        next();
      }, next);
    });

export const currentUser = (res: Response): SessionUser => {
  const user = res.locals.user as SessionUser | undefined;
  if (!user) throw unauthorized();
  return user;
};

/** Looks up the role a user holds now, so a role taken away counts at once, whatever an older token says. */
export type RoleLookup = (userId: string) => Promise<number>;

export { ADMIN_ROLES, SUBSCRIBER_ROLES } from '../../contract/accounts/roles.js';

/** A signed-in caller whose current role is one of `allowed`: 401 without a valid token, 403 with another role. */
export const signedInAs = (tokens: Tokens, roleOf: RoleLookup, allowed: readonly number[], message: string): RequestHandler[] => [
  requireUser(tokens),
  requireRole(roleOf, allowed, message),
];

export const requireRole =
  (roleOf: RoleLookup, allowed: readonly number[], message: string): RequestHandler =>
  async (_req, res, next) => {
    const role = await roleOf(currentUser(res).id);
    if (!allowed.includes(role)) return next(forbidden(message));
    next();
  };
