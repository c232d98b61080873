import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/server.js';
import { signUpVerifiedUser } from '../support/accounts.js';

/** Issue 9, item 6. */
describe('security headers (issue 9.6)', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ PUBLIC_URL: 'https://trainer.example.com' })));
  after(async () => server.stop());

  it('sends a strict Content-Security-Policy, HSTS under an https PUBLIC_URL, and no-store on authenticated JSON', async () => {
    const { token } = await signUpVerifiedUser(server);
    const res = await server.call('GET', '/api/profile', { token });
    expect(res.status).to.equal(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).to.contain("default-src 'self'");
    expect(csp).to.contain("script-src 'self'");
    expect(csp).to.not.contain('unsafe-inline');
    expect(csp).to.contain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).to.match(/max-age=\d+/);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
  });

  it('sends pages every header of helmet, and API answers only those that act on an answer read by fetch', async () => {
    const documentOnly = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];
    const { token } = await signUpVerifiedUser(server);
    const answers = [await server.call('GET', '/api/profile', { token }), await server.call('GET', '/api/profile'), await server.call('GET', '/api/no-such-thing')];
    expect(answers.map((a) => a.status)).to.deep.equal([200, 401, 404]);
    for (const answer of answers) {
      for (const name of documentOnly) expect(answer.headers.get(name), name).to.equal(null);
      expect(answer.headers.get('x-frame-options')).to.equal('SAMEORIGIN');
      expect(answer.headers.get('cross-origin-resource-policy')).to.equal('same-origin');
      expect(answer.headers.get('referrer-policy')).to.equal('no-referrer');
      expect(answer.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(answer.headers.get('cache-control')).to.equal('no-store');
    }
    // The landing page when the web app is built, Express's own 404 page when it is not: a page either way.
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    for (const name of documentOnly) expect(page.headers.get(name), name).to.not.equal(null);
    expect(page.headers.get('cross-origin-opener-policy')).to.equal('same-origin');
    expect(page.headers.get('content-security-policy')).to.contain("frame-ancestors 'none'");
    expect(page.headers.get('cache-control')).to.not.equal('no-store');
  });

  it('sends no HSTS when PUBLIC_URL is plain http', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.call('GET', '/api/health');
      expect(res.headers.get('strict-transport-security')).to.equal(null);
      expect(res.headers.get('content-security-policy')).to.contain("default-src 'self'");
    } finally {
      await plain.stop();
    }
  });

  // The source page, and the built one when `npm run build:web` has run (Vite only adds scripts with src).
  for (const page of ['web/index.html', 'web/dist/index.html']) {
    it(`${page} has no inline script or style for the policy to refuse`, function () {
      const file = path.resolve(import.meta.dirname, '../..', page);
      if (!fs.existsSync(file)) return this.skip();
      const html = fs.readFileSync(file, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).to.be.above(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).to.match(/\bsrc=/);
        expect(body!.trim()).to.equal('');
      }
      expect(html).to.not.match(/<style\b/);
      expect(html).to.not.match(/\son\w+=/);
    });
  }

  it('the gateway sends the same headers', () => {
    const conf = fs.readFileSync(path.resolve(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');
    expect(conf).to.match(/add_header Content-Security-Policy "default-src 'self';[^"]*script-src 'self'/);
    expect(conf).to.match(/add_header Strict-Transport-Security/);
    expect(conf).to.match(/add_header X-Content-Type-Options "nosniff"/);
  });
});
