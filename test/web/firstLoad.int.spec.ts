import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensureWebBuilt } from '../../scripts/support/webBuild.js';

// A visitor's first load stays small (docs/adr/0101-a-visitors-first-load-stays-under-120-kb.md: at most 120 KB of
// gzipped JavaScript before the landing page works): the scripts the built landing page names, the entry and what it
// preloads, gzipped as the bench measures them (node:zlib, default level). Lazy pages come later and do not count. A
// size, not a timing: it does not depend on the machine.
const BUDGET_BYTES = 120_000;
const dist = path.resolve(import.meta.dirname, '../../web/dist');

describe("the visitor's first load (built web app)", function () {
  this.timeout(240_000);
  before(() => ensureWebBuilt());

  it(`names at most ${BUDGET_BYTES / 1000} KB of gzipped JavaScript on the landing page, and no RTK Query or offline queue`, () => {
    const html = fs.readFileSync(path.join(dist, 'landing.html'), 'utf8');
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => (m[1] ?? m[2])!);
    expect(scripts.length).to.be.greaterThan(0);
    const sources = scripts.map((src) => fs.readFileSync(path.join(dist, src)));
    const gzipped = sources.reduce((sum, source) => sum + zlib.gzipSync(source).length, 0);
    expect(gzipped, `${scripts.join(', ')}: ${gzipped} bytes gzipped`).to.be.at.most(BUDGET_BYTES);
    // The api slice (createApi) and the offline queue (IndexedDB) join once someone signs in.
    const text = sources.map(String).join('\n');
    expect(text).not.to.include('indexedDB.open');
    expect(text).not.to.include('injectEndpoints');
  });
});
