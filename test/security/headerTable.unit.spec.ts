import { expect } from 'chai';
import express from 'express';
import helmet from 'helmet';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { baseApp, helmetOptions } from '../../services/system/http.js';

/** helmet as its documentation has it: its middleware on every request, and no-store set beside it on API answers. */
function helmetApp(publicUrl: string): express.Express {
  const options = helmetOptions(publicUrl);
  const pages = helmet(options.page);
  const api = helmet(options.api);
  const app = express();
  app.set('etag', false);
  app.use((req, res, next) => {
    if (!/^\/api(?:\/|$)/i.test(req.path)) return pages(req, res, next);
    res.setHeader('Cache-Control', 'no-store');
    api(req, res, next);
  });
  return app;
}

async function headersFrom(app: express.Express, paths: string[]): Promise<Array<Record<string, string>>> {
  app.get('/{*any}', (_req, res) => {
    res.send('x');
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const { port } = server.address() as AddressInfo;
    const answers = await Promise.all(paths.map((p) => fetch(`http://127.0.0.1:${port}${p}`)));
    // The date differs from one answer to the next; every other header is the app's.
    return answers.map((a) => Object.fromEntries([...a.headers].filter(([name]) => name !== 'date')));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('the security headers table', () => {
  const paths = ['/', '/dashboard', '/api/profile', '/API/Profile', '/api', '/apix', '/assets/app.js'];
  for (const publicUrl of ['https://trainer.example.com', 'http://localhost:3000', '']) {
    it(`sends every answer the headers helmet itself sends under PUBLIC_URL '${publicUrl}'`, async () => {
      const ours = await headersFrom(baseApp('loopback', publicUrl), paths);
      const helmets = await headersFrom(helmetApp(publicUrl), paths);
      expect(ours).to.deep.equal(helmets);
      // Neither side is empty: pages carry the document-only headers, API answers no-store.
      expect(ours[0]).to.include.keys('content-security-policy', 'cross-origin-opener-policy');
      expect(ours[2]).to.include({ 'cache-control': 'no-store' });
      expect(ours[2]).to.not.have.property('cross-origin-opener-policy');
    });
  }
});
