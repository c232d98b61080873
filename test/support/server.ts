import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig, type Config } from '../../services/platform/config.js';
import { createLogger } from '../../services/platform/logger.js';
import { startSystem, type System } from '../../services/system.js';
import { jsonCall, type JsonCall } from '../../scripts/support/http.js';

/**
 * A clock tests can move. The product's time goes through it: what events are dated, today and this week, due
 * reminders, expiring holds and idempotency keys. Tokens, rate limits, leases and lock waits run on real time.
 */
export class TestClock {
  constructor(public current = new Date('2026-11-18T15:00:00Z')) {}
  now = () => new Date(this.current);
  set(iso: string) {
    this.current = new Date(iso);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestServer {
  url: string;
  system: System;
  clock: TestClock;
  dataDir: string;
  /** fetch against the server; `json` is sent as the body, `token` as the bearer. */
  call: JsonCall;
  stop(): Promise<void>;
  /** Stops and starts again on the same DATA_DIR and port (a browser's origin, and what it kept for it, stays). */
  restart(): Promise<TestServer>;
}

export const tempDir = (prefix = 'trainer-test-') => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** The real system on a free port over a real SQLite file in a fresh DATA_DIR. */
export async function startTestServer(env: Record<string, string> = {}, dataDir = tempDir(), clock = new TestClock(), port = 0): Promise<TestServer> {
  const config: Config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    // Every test signs up from 127.0.0.1; test/security/signupLimits sets the real budget.
    SIGNUP_MAX_PER_IP: '100000',
    // scrypt at N = 2^10 instead of 2^15: the same code path, a thirty-second of the CPU per sign-up and login
    // (test/accounts/passwordHash.unit.spec.ts checks the production cost).
    PASSWORD_HASH_LOG_N: '10',
    ...env,
  });
  const system = await startSystem(config, { now: clock.now, log: createLogger('test', process.env.TEST_LOG === '1' ? 'debug' : 'silent') });
  const server: Server = await new Promise((resolve) => {
    const s = system.app.listen(port, '127.0.0.1', () => resolve(s));
  });
  const bound = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${bound}`;
  const stop = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections?.();
    await system.close();
  };
  return {
    url,
    system,
    clock,
    dataDir,
    call: jsonCall(url),
    stop,
    async restart() {
      await stop();
      const next = await startTestServer(env, dataDir, clock, bound);
      await answering(next.url);
      return next;
    },
  };
}

/**
 * Waits until the restarted server answers a health check. This process's fetch keeps its sockets to the port
 * pooled, and one the old server closed can still be handed out once under load (then fetch fails with "other side
 * closed"): the checks take any such socket before a test's own call can.
 */
async function answering(url: string): Promise<void> {
  let last: unknown;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      if (res.ok) return;
      last = new Error(`health check answered ${res.status}`);
    } catch (error) {
      last = error;
    }
  }
  throw new Error(`the restarted server at ${url} did not answer its health check`, { cause: last });
}
