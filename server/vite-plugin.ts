import type { Plugin, ViteDevServer } from 'vite';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isBackendPath } from './backend-paths.ts';

/**
 * Mounts the reference backend inside the Vite dev server: one port, no CORS.
 * The backend module is loaded through Vite's SSR loader so server code needs no build step;
 * its database (persisted PGlite in .data/ unless DATABASE_URL is set) is opened once.
 * Set VITE_API_BASE_URL to use a real backend instead; the plugin then mounts nothing.
 */
export function referenceBackend(): Plugin {
  let runtimePromise: Promise<{ listener: (req: IncomingMessage, res: ServerResponse) => void; close(): Promise<void> }> | undefined;

  async function load(server: ViteDevServer) {
    runtimePromise ??= (async () => {
      const [{ startRuntime }, { getRequestListener }] = await Promise.all([
        server.ssrLoadModule('/server/runtime.ts') as Promise<typeof import('./runtime')>,
        import('@hono/node-server'),
      ]);
      const runtime = await startRuntime({ databaseUrl: process.env.DATABASE_URL, dev: true });
      return { listener: getRequestListener(runtime.app.fetch), close: () => runtime.close() };
    })();
    return runtimePromise;
  }

  return {
    name: 'wordsmith-reference-backend',
    apply: 'serve',
    configureServer(server) {
      if (process.env.VITE_API_BASE_URL) return;
      // Open the database as soon as the server starts, so the first request is fast.
      void load(server).then(
        () => server.config.logger.info('  ➜  Reference backend ready (demo password: demo1234)'),
        (err) => server.config.logger.error(`Reference backend failed to start: ${String(err?.stack ?? err)}`),
      );
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '/').split('?')[0];
        if (!isBackendPath(pathname)) return next();
        load(server).then(({ listener }) => listener(req, res), next);
      });
      server.httpServer?.once('close', () => {
        void runtimePromise?.then((r) => r.close());
      });
    },
  };
}
