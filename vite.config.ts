import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { referenceBackend } from './server/vite-plugin.ts';

// One port for the app and its reference backend: in development the backend's
// Hono app is mounted inside the Vite dev server (no CORS, no second process).
export default defineConfig({
  plugins: [react(), referenceBackend()],
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
});
