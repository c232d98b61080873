import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname);

/**
 * Writes dist/sw.js (web/worker/sw.js) with this build's files and a version made from their contents: the worker
 * keeps exactly this build, and any change to the build is a new worker.
 */
function serviceWorker(): Plugin {
  return {
    name: 'kinetic-service-worker',
    apply: 'build',
    // After the HTML plugin, so index.html is among the files.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const publicFiles = fs.readdirSync(path.join(root, 'public'), { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
      const files = [...Object.keys(bundle), ...publicFiles.map((f) => path.relative(path.join(root, 'public'), path.join(f.parentPath, f.name)))]
        .filter((name) => !name.endsWith('.map'))
        .sort();
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const item = bundle[name]!;
        hash.update(name).update(item.type === 'chunk' ? item.code : item.source);
      }
      const source = fs
        .readFileSync(path.join(root, 'worker/sw.js'), 'utf8')
        .replace('__VERSION__', hash.digest('base64url').slice(0, 16))
        .replace('__FILES__', JSON.stringify(files.map((name) => `/${name.split(path.sep).join('/')}`)));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), serviceWorker()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
