import { expect } from 'chai';
import express from 'express';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { PUBLIC_PAGES, publicPageFile } from '../../contract/web/publicPages.js';
import { compressedAnswers, crawlerFiles, webApp } from '../../services/system/webApp.js';
import { ensureWebBuilt } from '../../scripts/support/webBuild.js';

const dist = path.resolve(import.meta.dirname, '../../web/dist');
const PUBLIC_URL = 'https://trainer.example';

/** What each public page says before any script runs: a line only that page's own markup holds. */
const OWN_TEXT: Record<(typeof PUBLIC_PAGES)[keyof typeof PUBLIC_PAGES], RegExp> = {
  landing: /Join the waitlist/,
  home: /Meet your AI personal trainer/,
  login: /Welcome back/,
  signup: /Your body and goal/,
  'forgot-password': /Forgot your password\?/,
  'verification-success': /E-mail verified/,
  'subscription-success': /Founding Member/,
  privacy: /Privacy Policy/,
  terms: /<h1[^>]*>[^<]*Terms/,
};

describe('public pages: prerendered, compressed, and listed for crawlers (npm start)', function () {
  this.timeout(240_000);
  let base = '';
  let server: ReturnType<express.Express['listen']>;
  before(async () => {
    ensureWebBuilt();
    const app = express();
    app.use('/api', compressedAnswers());
    app.get('/api/big', (_req, res) => res.json({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `set ${i}` })) }));
    app.get('/api/small', (_req, res) => res.json({ ok: true }));
    app.use(crawlerFiles(PUBLIC_URL));
    app.use(webApp(dist));
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const get = (at: string, headers: Record<string, string> = {}) => fetch(base + at, { headers: { 'accept-encoding': 'identity', ...headers } });

  it('the build holds each public page with its own markup, hydrated by name, and a brotli and gzip copy of it', () => {
    for (const name of Object.values(PUBLIC_PAGES)) {
      const file = path.join(dist, publicPageFile(name));
      const html = fs.readFileSync(file, 'utf8');
      expect(html, name).to.include(`data-page="${name}"`).and.match(OWN_TEXT[name]);
      expect(html, name).not.to.include('Loading…');
      // Submitted before the scripts run, a form would go out as the browser's own GET, a password in the address.
      for (const button of html.match(/<button[^>]*type="submit"[^>]*>/g) ?? []) expect(button, name).to.include('disabled=""');
      // What is typed before then would not reach the form's state.
      for (const input of html.match(/<input[^>]*>/g) ?? []) expect(input, name).to.include('readOnly=""');
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString('utf8'), name).to.equal(html);
      expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString('utf8'), name).to.equal(html);
    }
  });

  it('a visitor at a public path gets its page, a signed-in person and every other path the shell', async () => {
    for (const [at, name] of Object.entries(PUBLIC_PAGES)) {
      const visitor = await get(at);
      expect(visitor.status, at).to.equal(200);
      expect(await visitor.text(), at).to.include(`data-page="${name}"`);
      expect(visitor.headers.get('vary'), at).to.match(/Cookie/);
      expect(visitor.headers.get('cache-control'), at).to.equal('no-cache');
      expect(await (await get(at, { cookie: 'signed_in=1' })).text(), at).to.include('data-page="shell"');
    }
    expect(await (await get('/work')).text()).to.include('data-page="shell"');
    expect(await (await get('/subscription-cancel')).text()).to.include('data-page="shell"');
  });

  it('files go brotli to a browser that takes it, gzip to one that takes only that, as they are to others, with Vary', async () => {
    const html = fs.readFileSync(path.join(dist, 'landing.html'), 'utf8');
    const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)![1]!;
    const source = fs.readFileSync(path.join(dist, script));
    for (const [accepts, encoding, open] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await fetch(base + script, { headers: { 'accept-encoding': accepts } });
      expect(res.headers.get('content-encoding'), accepts).to.equal(encoding);
      expect(res.headers.get('vary'), accepts).to.match(/Accept-Encoding/i);
      expect(res.headers.get('content-type'), accepts).to.match(/javascript/);
      expect(res.headers.get('cache-control'), accepts).to.include('immutable');
      // fetch decodes the body: what arrives is the file itself.
      expect(Buffer.from(await res.arrayBuffer()).equals(source), accepts).to.equal(true);
      expect(open(fs.readFileSync(path.join(dist, `${script}.${encoding === 'gzip' ? 'gz' : 'br'}`))).equals(source)).to.equal(true);
    }
    const plain = await get(script);
    expect(plain.headers.get('content-encoding')).to.equal(null);
    expect(Buffer.from(await plain.arrayBuffer()).equals(source)).to.equal(true);
    const page = await fetch(`${base}/login`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).to.equal('br');
    expect(page.headers.get('vary')).to.match(/Accept-Encoding/i).and.match(/Cookie/);
    expect(page.headers.get('cache-control')).to.equal('no-cache');
    expect(await page.text()).to.include('data-page="login"');
  });

  it("the API's JSON is compressed when it is worth it, and said to vary by Accept-Encoding", async () => {
    const big = await fetch(`${base}/api/big`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers.get('content-encoding')).to.equal('br');
    expect(big.headers.get('vary')).to.match(/Accept-Encoding/i);
    expect(((await big.json()) as { items: unknown[] }).items).to.have.length(200);
    const gzip = await fetch(`${base}/api/big`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).to.equal('gzip');
    const small = await fetch(`${base}/api/small`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).to.equal(null);
    // A client that names no encoding at all (fetch always names some) gets the JSON as it is.
    const plain = await new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      http.get(`${base}/api/big`, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ headers: res.headers, body }));
      }).on('error', reject);
    });
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.headers.vary).to.match(/Accept-Encoding/i);
    expect((JSON.parse(plain.body) as { items: unknown[] }).items).to.have.length(200);
  });

  it('robots.txt lets all but the API be crawled and names the sitemap, which lists every public page at the public address', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers.get('content-type')).to.match(/^text\/plain/);
    expect(await robots.text()).to.equal(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).to.match(/^application\/xml/);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).to.deep.equal(Object.keys(PUBLIC_PAGES).map((at) => PUBLIC_URL + at));
  });

  it('the production gateway answers the same public paths with their pages and hands robots.txt and the sitemap to a service', () => {
    const conf = fs.readFileSync(path.resolve(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');
    const listed = /location ~ \^\/\(([a-z|-]+)\)\$ \{/.exec(conf)![1]!.split('|').sort();
    expect(listed).to.deep.equal(Object.entries(PUBLIC_PAGES).filter(([at]) => at !== '/').map(([at]) => at.slice(1)).sort());
    expect(conf).to.match(/location = \/robots\.txt \{\s*proxy_pass http:\/\/query;/).and.match(/location = \/sitemap\.xml \{\s*proxy_pass http:\/\/query;/);
    expect(conf).to.include('gzip_static on;');
  });
});
