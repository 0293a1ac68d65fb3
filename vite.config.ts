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
    },
  },
});
