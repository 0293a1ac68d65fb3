import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteObject } from 'react-router-dom';
import { appRoutes, type RouteHandle } from '@/app/routes';
import { readRouteModules } from '../../scripts/vite-route-preloads';

/**
 * The build reads the route table as source to list each route's lazy modules (scripts/vite-route-preloads.ts), and
 * the server puts those modules' links into the page. This checks that reading against the real table: the same
 * routes, the same gates, and for every route exactly the modules its layout's and page's handle.preload() load.
 */
// (the project root: vitest runs there; jsdom's import.meta.url is not a file URL)
const appDir = join(process.cwd(), 'src/app');
const routesFile = join(appDir, 'routes.tsx');
const read = readRouteModules(readFileSync(routesFile, 'utf8'));

interface RealRoute {
  path: string;
  audience?: RouteHandle['audience'];
  handles: RouteHandle[];
}

function flatten(routes: RouteObject[], parentPath: string, handles: RouteHandle[], audience: RouteHandle['audience']): RealRoute[] {
  return routes.flatMap((r) => {
    const h = r.handle as RouteHandle | undefined;
    const path = r.path === undefined ? parentPath : `${parentPath.replace(/\/$/, '')}/${r.path}`;
    const own = h ? [...handles, h] : handles;
    const gate = audience ?? h?.audience;
    if (r.children) return flatten(r.children, path, own, gate);
    return [{ path: path || '/', ...(gate ? { audience: gate } : {}), handles: own }];
  });
}
const real = flatten(appRoutes, '', [], undefined);

describe('the route table as the build reads it', () => {
  it('has every route of the app, in order, with its gate', () => {
    expect(read.map((r) => [r.path, r.audience])).toEqual(real.map((r) => [r.path, r.audience]));
    expect(read.map((r) => r.path)).toEqual(expect.arrayContaining(['/login', '/home', '/', '/chat', '/tools/:slug', '/*']));
    expect(read.find((r) => r.path === '/login')?.audience).toBe('signedOut');
    expect(read.find((r) => r.path === '/chat')?.audience).toBe('signedIn');
  });

  it('lists for each route exactly the modules its handles load', async () => {
    for (const [i, r] of read.entries()) {
      const loaded = await Promise.all(real[i].handles.map((h) => h.preload()));
      // the route table names its pages by path alias (@/ = src/) or relative to src/app/
      const listed = await Promise.all(
        r.modules.map((spec) => import(/* @vite-ignore */ spec.startsWith('@/') ? join(appDir, '..', spec.slice(2)) : join(appDir, spec))),
      );
      expect(listed.length, r.path).toBe(loaded.length);
      for (const [j, m] of listed.entries()) expect(m, `${r.path}: ${r.modules[j]}`).toBe(loaded[j]);
    }
  }, 120_000);
});

describe('reading a route table', () => {
  const table = `
    import { lazy } from 'react';
    const shell = lazyRoute(() => import('./shell'), 'Shell');
    const later = () => import('./later');
    function pending(title) { return { element: title, handle: pendingPage.handle }; }
    const pendingPage = lazyRoute(() => import('./pending'), 'Pending');
    // named like a property key, a member and a JSX attribute of the table: labels, not references
    const handle = () => import('./not-a-route');
    const Page = () => import('./not-a-route-either');
    const title = () => import('./nor-this');
    export const appRoutes = [
      { path: 'login', ...page(() => import('./login'), 'LoginPage', SignedOutOnly) },
      { element: <RequireAuth><shell.Page /></RequireAuth>, handle: shell.handle, children: [
        { index: true, ...page(later, 'Later') },
        { path: 'soon/:id?', ...pending('Soon') },
      ] },
      { path: 'redirect', element: <Navigate to="/" title="x" /> },
    ];
  `;

  it('follows the module’s own bindings to the imports (not names that only label), layout first, and takes the gate named in the route', () => {
    expect(readRouteModules(table)).toEqual([
      { path: '/login', audience: 'signedOut', modules: ['./login'] },
      { path: '/', audience: 'signedIn', modules: ['./shell', './later'] },
      { path: '/soon/:id?', audience: 'signedIn', modules: ['./shell', './pending'] },
      { path: '/redirect', modules: [] },
    ]);
  });

  it('refuses a table it cannot read rather than guessing', () => {
    expect(() => readRouteModules('export const appRoutes = routes();')).toThrow(/no `const appRoutes/);
    expect(() => readRouteModules('const p = "x"; export const appRoutes = [{ path: p }];')).toThrow(/not a string literal/);
    expect(() => readRouteModules('const m = "./x"; export const appRoutes = [{ path: "a", load: () => import(m) }];')).toThrow(/plain string specifier/);
  });
});
