import express from 'express';
import helmet from 'helmet';
import http from 'node:http';
import net from 'node:net';

/**
 * The Content-Security-Policy of every answer: the built web app loads its scripts, styles, fonts and images from
 * its own origin only (no inline script or style element, see web/), talks to its own API, and is never framed.
 * deploy/nginx.conf sends the same policy for the files it serves itself: change both together.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * An Express app as every part serves it. `trustProxy` says whose X-Forwarded-For to believe: the embedded app
 * only a proxy on the same host; the separate services also the gateway on the private network (they publish no
 * port of their own), so login limits count the caller's address, not the gateway's. `publicUrl` on https turns
 * HSTS on (on plain http it would only be ignored, or pin a test host to https).
 */
export function baseApp(trustProxy: string, publicUrl = ''): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETag on JSON answers: API answers are no-store (below), so no client revalidates them, and hashing every body
  // was a measurable share of a dashboard read. Static files keep theirs (express.static sets its own).
  app.set('etag', false);
  app.set('trust proxy', trustProxy);
  const { page, api } = securityHeaders(publicUrl);
  app.use((req, res, next) => {
    res.setHeaders(API_PATH.test(req.path) ? api : page);
    next();
  });
  return app;
}

/**
 * helmet's options for pages (`page`) and for API answers (`api`, without the headers that act on documents only):
 * the CSP above, and HSTS when `publicUrl` is https (on plain http it would only be ignored, or pin a test host to https).
 */
export function helmetOptions(publicUrl: string) {
  const https = publicUrl.startsWith('https://');
  const page = {
    contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES, ...(https ? { upgradeInsecureRequests: [] } : {}) } },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
  } as const;
  return { page, api: { ...page, ...DOCUMENT_ONLY } };
}

/**
 * The headers every page and every API answer carries, as helmet sets them with `helmetOptions` (and `no-store` on
 * API answers). helmet's headers under these options depend on neither the request nor the answer, so each set is
 * read once, at start, from a response helmet's middleware is run on, and every answer gets it in one `setHeaders`
 * instead of a run of helmet's middlewares, which build the same policy text anew for each request.
 */
export function securityHeaders(publicUrl: string): { page: Map<string, string>; api: Map<string, string> } {
  const options = helmetOptions(publicUrl);
  const page = headersSetBy(helmet(options.page));
  const api = headersSetBy(helmet(options.api));
  api.set('cache-control', 'no-store');
  return { page, api };
}

/** The headers `middleware` sets on a fresh response (names lower-cased, as HTTP/2 writes them); it must call `next` at once. */
function headersSetBy(middleware: (req: http.IncomingMessage, res: http.ServerResponse, next: (error?: unknown) => void) => void): Map<string, string> {
  const req = new http.IncomingMessage(new net.Socket());
  const res = new http.ServerResponse(req);
  let passed = false;
  let failed: unknown;
  middleware(req, res, (error) => {
    passed = true;
    failed = error;
  });
  if (!passed || failed) throw new Error('The security headers middleware did not pass a fresh response on at once', { cause: failed });
  return new Map(res.getHeaderNames().map((name) => [name, String(res.getHeader(name))]));
}

/** The paths `app.use('/api', …)` takes: /api itself and below it, matched as Express does (not case-sensitive). */
const API_PATH = /^\/api(?:\/|$)/i;

/**
 * helmet's headers that act only on a page a browser shows, through its scripts, its window and opener, its links
 * and downloads, turned off on API answers (which no browser or proxy keeps: they are per user and change with every
 * command). An API answer is JSON read by the web app with fetch, or, for the two links opened by navigation (e-mail
 * verification, Stripe's return), a redirect to a page or a line of text. Those that do act on an API answer stay on
 * it: the CSP (`frame-ancestors` above all), X-Frame-Options, nosniff, Referrer-Policy and HSTS, which the gateway
 * (deploy/nginx.conf) sends too, and Cross-Origin-Resource-Policy, which keeps another site's page from loading an
 * answer into its own process.
 */
const DOCUMENT_ONLY = {
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

export const EMBEDDED_TRUST = 'loopback';
export const BEHIND_GATEWAY_TRUST = 'loopback, uniquelocal';
