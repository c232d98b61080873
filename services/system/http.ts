import express from 'express';

/**
 * An Express app as every part serves it. `trustProxy` says whose X-Forwarded-For to believe: the embedded app
 * only a proxy on the same host; the separate services also the gateway on the private network (they publish no
 * port of their own), so login limits count the caller's address, not the gateway's.
 */
export function baseApp(trustProxy: string): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  return app;
}

export const EMBEDDED_TRUST = 'loopback';
export const BEHIND_GATEWAY_TRUST = 'loopback, uniquelocal';
