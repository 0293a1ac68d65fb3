import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/**
 * A file path relative to a module, from its import.meta.url. Under Node and tsx that URL is file://;
 * under a browser-like test environment (vitest's jsdom project, which runs the in-process backend for
 * component tests) modules are addressed by server URLs relative to the project root instead.
 */
export function pathFromModule(relative: string, moduleUrl: string): string {
  const url = new URL(relative, moduleUrl);
  if (url.protocol === 'file:') return fileURLToPath(url.href);
  return join(process.cwd(), decodeURIComponent(url.pathname));
}
