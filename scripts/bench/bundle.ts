import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { note } from './common.js';

export interface BundleFigures {
  files: { name: string; bytes: number; gzipBytes: number }[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  totalBytes: number;
  totalGzipBytes: number;
  /** The largest JS chunk, gzipped. */
  largestJsChunk: { name: string; gzipBytes: number };
  /** The JS index.html loads before any route (entry script and its modulepreloads), gzipped; lazy pages come on top. */
  entryJsGzipBytes: number;
  built: boolean;
  /** A file under web/src (or index.html, vite config) is newer than the built index.html. */
  stale: boolean;
}

const root = path.resolve(import.meta.dirname, '../..');
const assets = path.join(root, 'web/dist/assets');

const newestMtime = (dir: string): number => {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
};

/** Sum of gzip sizes (node:zlib, default level) of the JS and CSS in web/dist/assets; builds the web app first if there is none. */
export function measureBundle(timeoutMs: number): BundleFigures {
  let built = false;
  if (!fs.existsSync(assets)) {
    note('bundle: web/dist/assets missing, running npm run build:web');
    execFileSync('npm', ['run', 'build:web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], timeout: timeoutMs });
    built = true;
  }
  const files = fs
    .readdirSync(assets)
    .filter((name) => /\.(m?js|css)$/.test(name))
    .sort()
    .map((name) => {
      const content = fs.readFileSync(path.join(assets, name));
      return { name, bytes: content.length, gzipBytes: zlib.gzipSync(content).length };
    });
  const sum = (list: typeof files, key: 'bytes' | 'gzipBytes') => list.reduce((s, f) => s + f[key], 0);
  const builtAt = fs.statSync(path.join(root, 'web/dist/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(
    newestMtime(path.join(root, 'web/src')),
    ...['web/index.html', 'web/vite.config.ts'].map((f) => fs.statSync(path.join(root, f), { throwIfNoEntry: false })?.mtimeMs ?? 0),
  );
  const js = files.filter((f) => !f.name.endsWith('.css'));
  const html = fs.readFileSync(path.join(root, 'web/dist/index.html'), 'utf8');
  const entry = new Set([...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.m?js)"/g)].map((m) => m[1]));
  return {
    files,
    largestJsChunk: js.reduce((max, f) => (f.gzipBytes > max.gzipBytes ? { name: f.name, gzipBytes: f.gzipBytes } : max), { name: '', gzipBytes: 0 }),
    entryJsGzipBytes: sum(js.filter((f) => entry.has(f.name)), 'gzipBytes'),
    jsGzipBytes: sum(files.filter((f) => !f.name.endsWith('.css')), 'gzipBytes'),
    cssGzipBytes: sum(files.filter((f) => f.name.endsWith('.css')), 'gzipBytes'),
    totalBytes: sum(files, 'bytes'),
    totalGzipBytes: sum(files, 'gzipBytes'),
    built,
    stale: sources > builtAt,
  };
}
