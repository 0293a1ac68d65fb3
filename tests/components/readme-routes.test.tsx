/**
 * The README's route lists stay exact, both ways: every route it lists as working renders its page, not the
 * "not available in this build yet" page; every route it lists as not built renders that page; and every route of
 * the app's route table is in exactly one of the two lists. Each route is rendered through the real router, signed
 * in as a demo account (signed out for the signed-out-only pages), against the in-process reference backend.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { matchPath, matchRoutes, type RouteObject } from 'react-router-dom';
import { appRoutes, type RouteHandle } from '@/app/routes';
import { PendingFeaturePage } from '@/features/pending/pending-feature-page';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';

// (the project root: vitest runs there; jsdom's import.meta.url is not a file URL)
const README = readFileSync(join(process.cwd(), 'README.md'), 'utf8');

/** The route paths listed (one "- `path` — description" bullet each) between <!-- routes:<name> --> markers. */
function listedRoutes(name: 'working' | 'not-built'): string[] {
  const block = new RegExp(`<!-- routes:${name} -->([\\s\\S]*?)<!-- /routes:${name} -->`).exec(README);
  if (!block) throw new Error(`README.md has no <!-- routes:${name} --> … <!-- /routes:${name} --> block`);
  return block[1]
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^- `([^`]+)` — \S/.exec(line);
      if (!m) throw new Error(`README.md routes:${name}: not a "- \`path\` — description" bullet: ${line}`);
      return m[1];
    });
}

/** Every route path of the route table, as the README writes it ('/login', '/kit/:multipromptId', '*'). */
function tablePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((r) => {
    if (r.index) return [parent || '/'];
    if (r.path === undefined) return tablePaths(r.children ?? [], parent); // a layout route: its children's paths
    const full = r.path === '*' ? '*' : `${parent}/${r.path}`;
    return [full, ...tablePaths(r.children ?? [], full)];
  });
}

/** A concrete address for a listed pattern. */
const concrete = (pattern: string) => (pattern === '*' ? '/no-such-page-anywhere' : pattern.replace(/:\w+\??/g, 'sample-1'));

/**
 * The pending page's own words, taken from the component itself (not retyped): the text after its title.
 * A page "is pending" when the document shows this text.
 */
const PENDING_TEXT = (() => {
  const title = 'README-TEST-TITLE';
  const { container, unmount } = render(<PendingFeaturePage title={title} area="readme" />);
  const text = container.querySelector('p')?.textContent ?? '';
  unmount();
  const rest = text.slice(text.indexOf(title) + title.length).trim();
  if (!text.includes(title) || !rest.includes('not available in this build yet')) throw new Error(`unexpected pending-page text: ${text}`);
  return rest;
})();
const showsPending = () => (document.body.textContent ?? '').includes(PENDING_TEXT);

/**
 * Who visits the route: signed out for the signed-out-only pages (/login, /register, whose gate sends anyone signed in
 * to /home), a first-time user for /onboarding (an onboarded one is sent on to /home), otherwise rewards@demo.test —
 * onboarded, and the one account /rewards lets in.
 */
function visitor(path: string): string | null {
  const handles = (matchRoutes(appRoutes, path) ?? []).map((m) => m.route.handle as RouteHandle | undefined);
  if (handles.some((h) => h?.audience === 'signedOut')) return null;
  if (path === '/onboarding') return 'new@demo.test';
  return 'rewards@demo.test';
}

/** Resolves once the splash is gone and the page has not changed for `quietMs` (lazy pages and gates have settled). */
async function settled(quietMs = 300) {
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading Wordsmith AI' })).toBeNull());
  await new Promise<void>((resolve, reject) => {
    let timer = setTimeout(done, quietMs);
    const give = setTimeout(() => {
      observer.disconnect();
      clearTimeout(timer);
      reject(new Error('the page kept changing for 10 s'));
    }, 10_000);
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    function done() {
      observer.disconnect();
      clearTimeout(give);
      resolve();
    }
  });
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading Wordsmith AI' })).toBeNull());
}

const working = listedRoutes('working');
const notBuilt = listedRoutes('not-built');
const backend = useTestBackend();

describe('README.md route lists', () => {
  test('every route of src/app/routes.tsx is listed exactly once, and nothing else is', () => {
    const listed = [...working, ...notBuilt];
    expect(listed.filter((p, i) => listed.indexOf(p) !== i), 'listed twice').toEqual([]);
    expect([...listed].sort()).toEqual([...new Set(tablePaths(appRoutes))].sort());
  });

  test.each(working)('%s works: it does not show the "not available in this build yet" page', async (pattern) => {
    const path = concrete(pattern);
    const services = createTestServices(backend);
    const who = visitor(path);
    if (who) await signInAs(services, who);
    const { history } = renderRoute(path, services);
    await settled();
    expect(showsPending(), `${path} shows the pending page`).toBe(false);
    expect(document.querySelector('[data-pending-area]')).toBeNull();
    // the route itself was rendered, not a page it sent the visitor on to
    expect(matchPath(pattern === '*' ? '/*' : pattern, history.location.pathname), `${path} went on to ${history.location.pathname}`).not.toBeNull();
  });

  test.each(notBuilt)('%s is not built: it shows the "not available in this build yet" page', async (pattern) => {
    const path = concrete(pattern);
    const services = createTestServices(backend);
    const who = visitor(path);
    if (who) await signInAs(services, who);
    renderRoute(path, services);
    await waitFor(() => expect(showsPending(), `${path} does not show the pending page`).toBe(true));
  });
});
