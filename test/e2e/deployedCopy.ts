import express from 'express';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../../web/dist');

export interface DeployedCopy {
  url: string;
  /**
   * A new deploy: the worker gets `version` and the build's file list without the files `keep` refuses, and those
   * files leave the disk (the server answers them 404 from now on).
   */
  deploy(version: string, keep: (file: string) => boolean): void;
  stop(): Promise<void>;
}

/**
 * The built web app served from a copy of web/dist on a port of its own, with /api passed on to `apiUrl` (the test
 * server): a test may change the copy's files as a deploy does while the other suites keep using web/dist. Every
 * page is the shell (the signed-in answer of services/system.ts), which is what a signed-in tab loads.
 */
export async function deployedCopy(apiUrl: string): Promise<DeployedCopy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deployed-'));
  fs.cpSync(dist, dir, { recursive: true });
  const api = new URL(apiUrl);
  const app = express();
  app.use('/api', (req, res) => {
    const upstream = http.request({ host: api.hostname, port: api.port, method: req.method, path: req.originalUrl, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.status(502).end());
    req.pipe(upstream);
  });
  app.use(express.static(dir, { index: false }));
  app.use((req, res) => (path.extname(req.path) ? res.status(404).end() : res.sendFile(path.join(dir, 'index.html'))));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const worker = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    deploy(version, keep) {
      const files = (JSON.parse(/const FILES = (\[.*?\]);/.exec(worker)![1]!) as string[]).filter(keep);
      for (const file of fs.readdirSync(path.join(dir, 'assets'))) if (!keep(`/assets/${file}`)) fs.rmSync(path.join(dir, 'assets', file));
      const next = worker.replace(/const VERSION = '[^']*';/, `const VERSION = '${version}';`).replace(/const FILES = \[.*?\];/, `const FILES = ${JSON.stringify(files)};`);
      fs.writeFileSync(path.join(dir, 'sw.js'), next);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
