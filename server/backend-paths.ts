/**
 * URL prefixes answered by the reference backend. Everything else is the single-page app.
 * Shared by the Vite dev plugin (which mounts the backend inside the dev server) and the
 * production server (server/serve.ts), so both route the same way.
 */
export const BACKEND_PREFIXES = ['/api/', '/oauth/', '/logs/', '/test-checkout/', '/queue/', '/media/'] as const;

export function isBackendPath(pathname: string): boolean {
  return BACKEND_PREFIXES.some((p) => pathname.startsWith(p) || pathname === p.slice(0, -1));
}
