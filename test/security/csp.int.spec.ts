import { expect } from 'chai';
import express from 'express';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { baseApp, EMBEDDED_TRUST } from '../../services/system/http.js';
import { ensureWebBuilt } from '../../scripts/support/webBuild.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '../..');

/**
 * Issue 9, item 6: the built web app, served with the app's own headers (baseApp), runs in Chromium without one
 * Content-Security-Policy violation.
 */
describe('the built web app under the Content-Security-Policy (Chromium)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let server: Server;
  let url: string;

  before(async function () {
    if (!fs.existsSync(CHROMIUM)) {
      if (process.env.CI === 'true') throw new Error(`no Chromium at ${CHROMIUM}`);
      return this.skip();
    }
    // The run's own build of web/dist (built once before the workers start, or here when it is stale).
    ensureWebBuilt();
    const outDir = path.join(root, 'web/dist');
    const app = baseApp(EMBEDDED_TRUST);
    app.use(express.static(outDir, { index: false }));
    app.get(/^\/(?!api\/).*/, (_req, res) => res.sendFile(path.join(outDir, 'index.html')));
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  for (const page of ['/', '/login', '/signup']) {
    it(`renders ${page} with no CSP violation`, async () => {
      const tab = await browser.newPage();
      const violations: string[] = [];
      tab.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await tab.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as { cspViolations: string[] }).cspViolations ??= [];
          (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      const res = await tab.goto(url + page);
      expect(res!.headers()['content-security-policy']).to.contain("script-src 'self'");
      await tab.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0, undefined, { timeout: 15_000 });
      const seen = await tab.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
      await tab.close();
      expect([...seen, ...violations]).to.deep.equal([]);
    });
  }
});
