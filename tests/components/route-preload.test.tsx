import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { appRoutes, type RouteHandle } from '@/app/routes';
import { preloadRoute } from '@/app/app';

/**
 * The first route's downloads start before React runs (src/app/app.tsx createAppHistory). They are the code of the
 * page the visitor will really see: a signed-out visit of a signed-in page downloads the sign-in page (it is sent
 * to /login), not the shell and the page it cannot open.
 */
const labels = new Map<RouteHandle, string>();
const started: string[] = [];

function spyOn(routes: RouteObject[], parent: string) {
  for (const [i, r] of routes.entries()) {
    const label = r.path ?? (r.index ? `${parent}(index)` : `${parent}layout#${i}`);
    const h = r.handle as RouteHandle | undefined;
    if (h && !labels.has(h)) {
      labels.set(h, label);
      h.preload = vi.fn(() => {
        started.push(label);
        return Promise.resolve();
      });
    }
    if (r.children) spyOn(r.children, `${label}/`);
  }
}
spyOn(appRoutes, '');

/** What the first route's preload starts downloading for a visit of `path`. */
function downloadsFor(path: string, signedIn: boolean): string[] {
  started.length = 0;
  preloadRoute(path, signedIn);
  return [...started];
}

describe('the first route’s downloads', () => {
  it('signed out, a signed-in page: the sign-in page and its layout, not the shell', () => {
    for (const path of ['/chat', '/dashboard', '/onboarding']) expect(downloadsFor(path, false), path).toEqual(['layout#0', 'login']);
  });

  it('signed in, a signed-in page: its layout and page', () => {
    expect(downloadsFor('/chat', true)).toEqual(['layout#3', 'chat']);
  });

  it('signed in, /login or /register: home and its layout (the gate sends the user there)', () => {
    for (const path of ['/login', '/register']) expect(downloadsFor(path, true), path).toEqual(['layout#1', 'home']);
  });

  it('pages for everyone load as they are, signed in or out', () => {
    expect(downloadsFor('/pricing', false)).toEqual(['layout#1', 'pricing']);
    expect(downloadsFor('/login', false)).toEqual(['layout#0', 'login']);
  });
});
