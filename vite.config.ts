import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve as resolvePath } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { referenceBackend } from './server/vite-plugin.ts';
import { staticCss } from './scripts/vite-static-css.ts';
import { routePreloads } from './scripts/vite-route-preloads.ts';
import { aliases } from './aliases.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/*
 * Chunks the app loads in the background through its idle queue (src/platform/idle-queue.ts): the generation actors,
 * the shell's menus, the webinar button. Their imports get no modulepreload links: each <link>
 * costs the main thread ~0.8 ms to insert (measured in Chromium), a dozen of them made each background load a long
 * task on a slow phone, and nothing waits for these chunks — the browser fetches their imports itself, one level
 * after the other. Not the dialog host and the toaster: they must be whole as early as possible (the no-network dialog
 * has to show when the connection drops), so their imports still download beside them.
 * Matched by chunk name (the module's file name); the build fails if one no longer matches any chunk.
 */
const BACKGROUND_CHUNKS = ['generation-actors', 'shell-menu-parts', 'webinar-button'];
const backgroundChunk = (file: string) => BACKGROUND_CHUNKS.find((name) => new RegExp(`(^|/)${name}-[\\w-]{8}\\.js$`).test(file));
const backgroundChunksSeen = new Set<string>();
const checkBackgroundChunks = {
  name: 'check-background-chunks',
  apply: 'build' as const,
  writeBundle() {
    const missing = BACKGROUND_CHUNKS.filter((name) => !backgroundChunksSeen.has(name));
    if (missing.length) throw new Error(`vite.config.ts BACKGROUND_CHUNKS: no dynamic import of ${missing.join(', ')} was found`);
  },
};

/*
 * Every text file of the build gets a Brotli (quality 11) and a gzip (level 9) copy beside it, which the production
 * server sends as they are (server/serve.ts, `precompressed`) instead of compressing each response again: Brotli
 * takes the entry chunk from 108 KB (the server's gzip) to 94 KB and the stylesheet from 16.1 to 13.7 KB, and no
 * request waits for a compressor any more (the server shares its cores with the database). index.html is sent by
 * the server itself (the app's routes), so it gets no copy.
 */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
async function* buildFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* buildFiles(path);
    else yield path;
  }
}
const precompress = {
  name: 'precompress',
  apply: 'build' as const,
  async writeBundle(options: { dir?: string }) {
    const dir = options.dir ?? fromRoot('./dist');
    const jobs: Promise<void>[] = [];
    for await (const path of buildFiles(dir)) {
      if (!COMPRESSIBLE.test(path)) continue;
      jobs.push(
        readFile(path).then(async (bytes) => {
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    }
    await Promise.all(jobs);
  },
};

/*
 * main.tsx imports React DOM's client dynamically, so that its evaluation (60 % of the start-up code) is a task of
 * its own rather than part of the entry's; every first route needs it, so index.html starts its download beside
 * the entry's (a modulepreload link, as for the entry's static imports), not after the entry has run.
 */
const preloadReactDom = {
  name: 'preload-react-dom',
  apply: 'build' as const,
  transformIndexHtml: {
    order: 'post' as const,
    handler(_html: string, ctx: { bundle?: Record<string, { type: string; fileName: string; facadeModuleId?: string | null }> }) {
      const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && /[\\/]react-dom[\\/]client\.js$/.test(c.facadeModuleId ?? ''));
      if (!chunk) throw new Error('vite.config.ts preloadReactDom: no chunk of react-dom/client was found');
      return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' as const }];
    },
  },
};

/*
 * The reference backend's database lives in the project (.data/pglite, or DATA_DIR / a file:// DATABASE_URL): every
 * write changes its WAL. The dev server neither watches it (a change of a file it once served as a module sent
 * `full-reload` to every open tab on each write) nor serves it (the WAL holds e-mails and password hashes, and
 * `/.data/pglite/…?raw` answered with it). Vite's own defaults are kept beside the additions.
 */
const dataDirs = [
  fromRoot('./.data'),
  process.env.DATA_DIR?.trim(),
  process.env.DATABASE_URL?.startsWith('file://') ? process.env.DATABASE_URL.slice('file://'.length) : undefined,
]
  .filter((dir): dir is string => Boolean(dir))
  .map((dir) => resolvePath(dir).replace(/\/+$/, ''));
const dataDirGlobs = [...new Set(dataDirs)].flatMap((dir) => [dir, `${dir}/**`]);

// One port for the app and its reference backend: in development the backend's
// Hono app is mounted inside the Vite dev server (no CORS, no second process).
export default defineConfig(({ command }) => ({
  plugins: [staticCss({ srcDir: fromRoot('./src/'), styledSystemCss: fromRoot('./styled-system/css/index.mjs') }), react(), referenceBackend(), checkBackgroundChunks, preloadReactDom, routePreloads({ routesFile: fromRoot('./src/app/routes.tsx') }), precompress],
  resolve: {
    // React Router 7's package exports point at its development build only (remix-run/react-router#12532,
    // #14753): a production bundle would carry its dev warnings and checks. The production build ships in the
    // same package; the production bundle uses it (0.5 KB gzip less on every first route, measured). The dev server
    // and the tests keep the development build and its warnings.
    alias:
      command === 'build'
        ? [
            ...aliases,
            { find: /^react-router$/, replacement: fromRoot('./node_modules/react-router/dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: fromRoot('./node_modules/react-router/dist/production/dom-export.mjs') },
          ]
        : aliases,
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: false,
    watch: { ignored: ['**/.data/**', ...dataDirGlobs] },
    fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.data/**', ...dataDirGlobs] },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // No modulepreload polyfill in the entry chunk: Chromium, Firefox 115+ and Safari 17+ preload natively;
    // an older Safari only loads the route's chunks without the preload hint (same result, a little later).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps) => {
        const name = backgroundChunk(file);
        if (!name) return deps;
        backgroundChunksSeen.add(name);
        return [];
      },
    },
    rollupOptions: {
      // Panda's generated styled-system/ modules are pure (the CSS comes from PostCSS), so importing one
      // recipe through its index must not pull every recipe into the chunk.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/styled-system/') },
      output: {
        codeSplitting: {
          groups: [
            {
              // The small runtime every Ark part styled through Panda needs (Panda's createStyleContext and sva,
              // Ark's context and environment helpers, Zag's anatomy and DOM basics), kept in one chunk. Left
              // alone the bundler splits it in two as soon as one lazy chunk needs only half of it (the QR code
              // of the mobile-app promotion), and /login, which needs both halves, pays a request and ~0.3 KB
              // gzip — over its 150 KB budget (tests/e2e/bundle-budget.spec.ts).
              name: 'create-style-context',
              includeDependenciesRecursively: false,
              test: /[\\/](styled-system[\\/](jsx[\\/]create-style-context|css[\\/]sva)|@zag-js[\\/](anatomy|dom-query[\\/]dist[\\/](shared|node|computed-style))|@ark-ui[\\/]react[\\/]dist[\\/](utils[\\/]create-context|providers[\\/]environment[\\/]use-environment-context|_virtual))/,
            },
          ],
        },
      },
    },
  },
}));
