// PLACEHOLDER until the server core lands: see startRuntime's contract below.
import type { Hono } from 'hono';

export interface RuntimeOptions {
  /** 'memory://' for an in-memory PGlite, a postgres:// URL for a real server, or undefined for the persisted PGlite in .data/ */
  databaseUrl?: string;
  dataDir?: string;
}
export interface Runtime {
  app: Hono;
  close(): Promise<void>;
}
export async function startRuntime(_opts: RuntimeOptions = {}): Promise<Runtime> {
  throw new Error('server core not built yet');
}
