import { createServer, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PUBLIC_PAGES, publicPageFile, type PublicPageName } from '../contract/web/publicPages.js';

const root = path.resolve(import.meta.dirname);

/**
 * Writes dist/sw.js (web/worker/sw.js) with this build's files and a version made from their contents: the worker
 * keeps exactly this build, and any change to the build is a new worker. The tap's rule (worker/notificationClick.js)
 * goes in as a plain function: a classic worker imports no modules.
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
        .replace(/\/\* __NOTIFICATION_CLICK__.*\*\//, () => fs.readFileSync(path.join(root, 'worker/notificationClick.js'), 'utf8').replace(/^export function /m, 'function '))
        .replace('__VERSION__', hash.digest('base64url').slice(0, 16))
        .replace('__FILES__', JSON.stringify(files.map((name) => `/${name.split(path.sep).join('/')}`)))
        .replace('__PAGES__', JSON.stringify(Object.fromEntries(Object.entries(PUBLIC_PAGES).map(([at, name]) => [at, `/${publicPageFile(name)}`]))));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/** Where a build lists the files it was made from (a dotfile: the server does not hand it out); webBuild.ts reads it. */
const INPUTS_FILE = 'dist/.inputs.json';

/**
 * Every source file of this repo that went into the build: the client's modules and those the prerender loaded
 * (shared files under events/ and services/ among them). scripts/support/webBuild.ts reads the list to tell whether
 * the built client is older than any of them.
 */
function buildInputs(ssrModules: Set<string>): Plugin {
  const repo = path.resolve(root, '..');
  let ids: string[] = [];
  return {
    name: 'kinetic-build-inputs',
    apply: 'build',
    generateBundle() {
      ids = [...this.getModuleIds()];
    },
    writeBundle() {
      const files = [...new Set([...ids, ...ssrModules])]
        .map((id) => id.split('?')[0]!)
        .filter((id) => path.isAbsolute(id) && !id.includes(`${path.sep}node_modules${path.sep}`) && fs.existsSync(id))
        .map((id) => path.relative(repo, id).split(path.sep).join('/'))
        .sort();
      fs.writeFileSync(path.join(root, INPUTS_FILE), `${JSON.stringify([...new Set(files)], null, 1)}\n`);
    },
  };
}

const ROOT_DIV = '<div id="root"></div>';

/** The stylesheets a chunk brings, its own and those of the chunks it imports statically, as the build names them. */
function stylesheetsOf(bundle: Rolldown.OutputBundle, fileName: string, found = new Set<string>(), seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || seen.has(fileName)) return found;
  seen.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(css);
  for (const imported of chunk.imports) stylesheetsOf(bundle, imported, found, seen);
  return found;
}

/**
 * Prerenders web/src/prerender.tsx into the built HTML: index.html gets the app shell, and each public page
 * (contract/web/publicPages.ts) a file of its own, landing.html for `/` and pages/NAME.html for the others; the server
 * and the worker answer a visitor (no `signed_in` hint cookie, see web/src/shared/auth/token.ts) at those paths with
 * them. `data-page` tells main.tsx which page it runs on. Before the worker's plugin, so the pages are among the files
 * it keeps.
 *
 * A page's own stylesheets (those of the lazy chunks its render loaded) are linked in its head beside the entry's: the
 * page paints with them, rather than laying out again when its chunk arrives after the scripts. The modules a page
 * loaded are those the server first ran while it rendered (pages render one after another); a chunk an earlier page
 * ran too is caught through the page's own chunk, which imports it.
 */
function prerender(ssrModules: Set<string>): Plugin {
  return {
    name: 'kinetic-prerender',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || !String(index.source).includes(ROOT_DIV)) throw new Error(`prerender: no ${ROOT_DIV} in the built index.html`);
      const chunkOf = new Map<string, string>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') for (const id of item.moduleIds) chunkOf.set(id, item.fileName);
      const server = await createServer({ configFile: false, root, mode: 'production', logLevel: 'error', plugins: [react()], server: { middlewareMode: true, hmr: false, watch: null }, appType: 'custom' });
      try {
        const { prerender: render } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
          prerender: (rendered: (name: PublicPageName) => void) => Promise<Record<PublicPageName | 'shell', string>>;
        };
        // Evaluated modules, those a render ran (the graph also lists modules only named by an import).
        const evaluated = () => [...server.moduleGraph.idToModuleMap].flatMap(([id, node]) => (node.ssrModule ? [id] : []));
        const loaded = new Set(evaluated());
        const stylesheets = new Map<PublicPageName, Set<string>>();
        const pages = await render((name) => {
          const found = new Set<string>();
          for (const id of evaluated()) {
            if (loaded.has(id)) continue;
            loaded.add(id);
            const chunk = chunkOf.get(id.split('?')[0]!);
            if (chunk) stylesheetsOf(bundle, chunk, found);
          }
          stylesheets.set(name, found);
        });
        for (const id of server.moduleGraph.idToModuleMap.keys()) ssrModules.add(id);
        const html = String(index.source);
        index.source = html.replace(ROOT_DIV, `<div id="root" data-page="shell">${pages.shell}</div>`);
        for (const name of Object.values(PUBLIC_PAGES)) {
          const links = [...(stylesheets.get(name) ?? [])].filter((css) => !html.includes(`/${css}"`)).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`);
          // A public page paints with its HTML and CSS alone: its scripts ask for less than the stylesheet, so on a
          // slow network they do not share its bandwidth before the first paint.
          const page = html
            .replace(ROOT_DIV, `<div id="root" data-page="${name}">${pages[name]}</div>`)
            .replace('</head>', `${links.map((link) => `  ${link}\n`).join('')}  </head>`)
            .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
            .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
          this.emitFile({ type: 'asset', fileName: publicPageFile(name), source: page });
        }
      } finally {
        await server.close();
      }
    },
  };
}

/** The kinds of built file worth compressing: text. Images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml)$/;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy beside every text file of the build over 1 KB, once at
 * build time, so the server hands them out as they are (services/system/webApp.ts) instead of compressing each
 * response. Last, after every other plugin has written its files.
 */
function precompress(): Plugin {
  return {
    name: 'kinetic-precompress',
    apply: 'build',
    enforce: 'post',
    writeBundle(options) {
      const dir = options.dir ?? path.join(root, 'dist');
      for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name);
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

const ssrModules = new Set<string>();

export default defineConfig({
  root,
  plugins: [react(), prerender(ssrModules), serviceWorker(), buildInputs(ssrModules), precompress()],
  // The prerender's seconds are expected: no report of slow plugins in every build's output.
  build: { outDir: 'dist', emptyOutDir: true, rolldownOptions: { checks: { pluginTimings: false } } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
