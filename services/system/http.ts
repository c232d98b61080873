import express from 'express';
import helmet from 'helmet';

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
  const https = publicUrl.startsWith('https://');
  const headers = securityHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES, ...(https ? { upgradeInsecureRequests: [] } : {}) } },
      strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    }),
  );
  // Names in lower case (as HTTP/2 sends them; HTTP/1.1 names are case-insensitive): Node keys its headers by the
  // lower-cased name, which for a name already lower-cased is the very string, not a new one to hash on every request.
  const pageHeaders = headers.map(([name, value]): [string, string] => [name.toLowerCase(), value]);
  const apiHeaders = [...pageHeaders.filter(([name]) => !DOCUMENT_ONLY.has(name)), API_CACHING];
  app.use((req, res, next) => {
    // The path is tested here rather than by a middleware mounted at /api, which Express would reach through one
    // more layer on every request.
    const answer = API_PATH.test(req.path) ? apiHeaders : pageHeaders;
    for (let i = 0; i < answer.length; i += 1) res.setHeader(answer[i]![0], answer[i]![1]);
    next();
  });
  return app;
}

/** The paths `app.use('/api', …)` takes: /api itself and below it, matched as Express does (not case-sensitive). */
const API_PATH = /^\/api(?:\/|$)/i;

/** API answers are per user and change with every command: no browser or proxy keeps them. */
const API_CACHING: [string, string] = ['cache-control', 'no-store'];

/**
 * helmet's headers that act only on a page a browser shows, through its scripts, its window and opener, its links
 * and downloads. An API answer is none of that: JSON read by the web app with fetch, or, for the two links opened by
 * navigation (e-mail verification, Stripe's return), a redirect to a page or a line of text. They go on pages; on API
 * answers they would be header writes and bytes that act on nothing (docs/adr/0050-security-headers.md).
 * Those that do act on an API answer stay on it: the CSP (`frame-ancestors` above all), X-Frame-Options, nosniff,
 * Referrer-Policy and HSTS, which the gateway (deploy/nginx.conf) sends too, and Cross-Origin-Resource-Policy, which
 * keeps another site's page from loading an answer into its own process.
 */
const DOCUMENT_ONLY = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/**
 * The headers helmet sets, taken once: with static directives they are the same for every answer, so running its
 * dozen middlewares on each request would compute the same headers again (docs/adr/0050-security-headers.md).
 */
function securityHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const res = { setHeader: (name: string, value: string) => headers.push([name, String(value)]), removeHeader: () => {} };
  let done = false;
  let failed: { error: unknown } | undefined;
  middleware({} as express.Request, res as unknown as express.Response, (error?: unknown) => {
    if (error) failed = { error };
    done = true;
  });
  if (failed) throw failed.error;
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be taken once');
  return headers;
}

export const EMBEDDED_TRUST = 'loopback';
export const BEHIND_GATEWAY_TRUST = 'loopback, uniquelocal';
