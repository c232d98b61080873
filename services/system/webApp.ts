import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import path from 'node:path';
import { PUBLIC_PAGES, publicPageAt, publicPageFile } from '../../contract/web/publicPages.js';

/** The `signed_in=1` hint cookie (web/src/shared/auth/token.ts). */
const SIGNED_IN = /(?:^|;\s*)signed_in=1(?:;|$)/;

/**
 * The API's JSON compressed for clients that ask for it (brotli, else gzip), with `Vary: Accept-Encoding`. Answers
 * under a kilobyte go as they are: there the compression costs more than the bytes it saves. The library's brotli
 * quality (4) is kept: the best one costs many times the CPU for a few percent, which pays only for files compressed
 * once, at build time.
 */
export function compressedAnswers(): express.RequestHandler {
  const compress = compression({ threshold: 1024 });
  // A client that accepts no encoding (scripts, probes, the bench's load generator) gets the answer as it is: the
  // middleware's per-answer bookkeeping (wrapped writes, a close listener, type and encoding negotiation) would only
  // decide that. The answer still says it varies by Accept-Encoding, as a compressible one would.
  return (req, res, next) => {
    if (req.headers['accept-encoding'] !== undefined) return compress(req, res, next);
    res.vary('Accept-Encoding');
    next();
  };
}

/**
 * The built web app (web/dist), as `npm start` serves it. Every text file was compressed at build time
 * (web/vite.config.ts), so a file goes out as its .br or .gz copy when the browser accepts it, with
 * `Vary: Accept-Encoding`. A navigation gets a page: a visitor (no `signed_in` hint cookie) at a public path gets that
 * page prerendered (contract/web/publicPages.ts); anyone else, and every other path, the app shell. Pages are
 * revalidated on every visit (`no-cache`); fingerprinted bundles under /assets are kept for a year.
 */
export function webApp(webDist: string): express.Router {
  const files = expressStaticGzip(webDist, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      setHeaders(res, served) {
        // A compressed copy stands for its file: `x.html.br` is a page.
        const file = served.replace(/\.(?:br|gz)$/, '');
        if (file.startsWith(path.join(webDist, 'assets') + path.sep)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else if (file.endsWith('sw.js')) res.setHeader('Cache-Control', 'no-cache');
        else if (file.endsWith('.html')) {
          // Which page a path gets depends on the hint cookie; the encoding was named already.
          res.setHeader('Cache-Control', 'no-cache');
          res.setHeader('Vary', [res.getHeader('Vary'), 'Cookie'].filter(Boolean).join(', '));
        }
      },
    },
  });
  const router = express.Router();
  router.use(files);
  router.get(/^\/(?!api\/).*/, (req, res, next) => {
    const page = publicPageAt(req.path);
    const visitor = !SIGNED_IN.test(req.headers.cookie ?? '');
    req.url = `/${page && visitor ? publicPageFile(page) : 'index.html'}`;
    files(req, res, next);
  });
  return router;
}

/**
 * robots.txt and the sitemap of the public pages, at the address the app is reached by (PUBLIC_URL): everything but
 * the API may be crawled, and the sitemap lists the pages a visitor can open.
 */
export function crawlerFiles(publicUrl: string): express.Router {
  const router = express.Router();
  const robots = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Object.keys(PUBLIC_PAGES).map((at) => `  <url><loc>${publicUrl}${at}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  router.get('/robots.txt', (_req, res) => res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(robots));
  router.get('/sitemap.xml', (_req, res) => res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600').send(sitemap));
  return router;
}
