import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureWebBuilt } from '../support/webBuild.js';
import { note, round } from './common.js';
import { startBenchSystem } from './system.js';

export interface WebFigures {
  /** Every script a visitor's browser fetches to show `/` (the landing page), gzipped (node:zlib, default level). */
  firstLoadJsGzipBytes: number;
  firstLoadJsFiles: { name: string; gzipBytes: number }[];
  /** Largest Contentful Paint of `/` for a visitor in headless Chromium on localhost, median of `runs` cold loads. */
  landingLcpMs: number;
  runs: number;
  skipped?: string;
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Opens the landing page in headless Chromium against the real system: what a first visit downloads and paints. */
export async function measureWeb(runs = 5): Promise<WebFigures> {
  if (!fs.existsSync(chromiumPath)) {
    note(`web: no Chromium at ${chromiumPath}, landing LCP not measured`);
    return { firstLoadJsGzipBytes: 0, firstLoadJsFiles: [], landingLcpMs: 0, runs: 0, skipped: `no Chromium at ${chromiumPath}` };
  }
  ensureWebBuilt();
  const app = await startBenchSystem();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const lcps: number[] = [];
    let files: WebFigures['firstLoadJsFiles'] = [];
    for (let run = 0; run < runs; run++) {
      // A fresh context each time: an empty cache, as on a first visit.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const scripts: Promise<{ name: string; gzipBytes: number }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        scripts.push(response.body().then((body) => ({ name: new URL(response.url()).pathname, gzipBytes: zlib.gzipSync(body).length })));
      });
      await page.goto(`${app.url}/`, { waitUntil: 'networkidle' });
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]!.startTime);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      lcps.push(lcp);
      files = (await Promise.all(scripts)).sort((a, b) => b.gzipBytes - a.gzipBytes);
      await context.close();
    }
    lcps.sort((a, b) => a - b);
    return {
      firstLoadJsGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      firstLoadJsFiles: files,
      landingLcpMs: round(lcps[Math.floor(lcps.length / 2)]!, 0),
      runs,
    };
  } finally {
    await browser.close();
    await app.stop();
  }
}
