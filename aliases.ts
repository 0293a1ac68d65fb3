import { fileURLToPath } from 'node:url';

/**
 * The path aliases, one list for Vite, Vitest and (mirrored in tsconfig.json "paths") TypeScript, tsx and Playwright:
 * `@/` is src/, `@machines/` the pure machines and constants, `@contract/` the generated contract types and bundles,
 * `@server/` the reference backend (tests only: the app never imports it), `styled-system/` Panda's generated code.
 */
const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const aliases = [
  { find: /^@\//, replacement: fromRoot('./src/') },
  { find: /^@machines\//, replacement: fromRoot('./machines/') },
  { find: /^@contract\//, replacement: fromRoot('./openapi/generated/') },
  { find: /^@server\//, replacement: fromRoot('./server/') },
  { find: /^styled-system\//, replacement: fromRoot('./styled-system/') },
];
