import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { referenceBackend } from './server/vite-plugin.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// One port for the app and its reference backend: in development the backend's
// Hono app is mounted inside the Vite dev server (no CORS, no second process).
export default defineConfig(({ command }) => ({
  plugins: [react(), referenceBackend()],
  resolve: {
    // React Router 7's package exports point at its development build only (remix-run/react-router#12532,
    // #14753): a production bundle would carry its dev warnings and checks. The production build ships in the
    // same package; the production bundle uses it (0.5 KB gzip less on every first route, measured). The dev server
    // and the tests keep the development build and its warnings.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: fromRoot('./node_modules/react-router/dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: fromRoot('./node_modules/react-router/dist/production/dom-export.mjs') },
          ]
        : [],
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: false },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // No modulepreload polyfill in the entry chunk: Chromium, Firefox 115+ and Safari 17+ preload natively;
    // an older Safari only loads the route's chunks without the preload hint (same result, a little later).
    modulePreload: { polyfill: false },
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
