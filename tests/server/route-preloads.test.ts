/**
 * The production server's page with the first route's modulepreload links (server/route-preloads.ts): which route a
 * path gets, and which links go into the page.
 */
import { describe, expect, it } from 'vitest';
import { pageWithPreloads, routeMatcher, type RoutePreloads } from '@server/route-preloads';

const indexHtml = `<!doctype html>
<html><head>
    <script type="module" crossorigin src="/assets/index-E.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-R.js">
  </head><body><div id="root"></div></body></html>`;

const preloads: RoutePreloads = {
  routes: [
    { path: '/login', audience: 'signedOut', files: ['/assets/bare-B.js', '/assets/login-L.js', '/assets/react-R.js'] },
    { path: '/', files: ['/assets/adaptive-A.js', '/assets/root-P.js'] },
    { path: '/home', files: ['/assets/adaptive-A.js', '/assets/home-H.js'] },
    { path: '/tools/:slug', files: ['/assets/adaptive-A.js', '/assets/pending-X.js'] },
    { path: '/tools/new', files: ['/assets/adaptive-A.js', '/assets/new-N.js'] },
    { path: '/easy/outline/:blogId?', audience: 'signedIn', files: ['/assets/shell-S.js'] },
    { path: '/chat', audience: 'signedIn', files: ['/assets/shell-S.js', '/assets/chat-C.js'] },
    { path: '/redirect', files: [] },
    { path: '/*', files: ['/assets/not-found-F.js'] },
  ],
};

const linksOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the route of a path', () => {
  it('matches as the app’s router: static segments first, parameters, optional ones, the catch-all last', () => {
    const match = routeMatcher(preloads);
    const path = (p: string) => match(p)?.path;
    expect(path('/login')).toBe('/login');
    expect(path('/LOGIN/')).toBe('/login');
    expect(path('/')).toBe('/');
    expect(path('/tools/seo-title')).toBe('/tools/:slug');
    expect(path('/tools/new')).toBe('/tools/new');
    expect(path('/easy/outline')).toBe('/easy/outline/:blogId?');
    expect(path('/easy/outline/12')).toBe('/easy/outline/:blogId?');
    expect(path('/easy/outline/12/more')).toBe('/*');
    expect(path('/tools')).toBe('/*');
    expect(path('/no/such/page')).toBe('/*');
    expect(path('/tools/%E0%A4%A')).toBeUndefined(); // a malformed escape
  });
});

describe('the page sent for a path', () => {
  const pageFor = pageWithPreloads(indexHtml, preloads);

  it('carries the route’s links before </head>, without the ones index.html has already', () => {
    const page = pageFor('/login');
    expect(linksOf(page)).toEqual(['/assets/react-R.js', '/assets/bare-B.js', '/assets/login-L.js']);
    expect(page.indexOf('/assets/login-L.js')).toBeLessThan(page.indexOf('</head>'));
    // nothing else of the page changes
    expect(page.replace(/\n {4}<link rel="modulepreload" crossorigin href="\/assets\/(bare-B|login-L)\.js">/g, '')).toBe(indexHtml);
    expect(linksOf(pageFor('/tools/seo'))).toEqual(['/assets/react-R.js', '/assets/adaptive-A.js', '/assets/pending-X.js']);
    expect(linksOf(pageFor('/whatever'))).toEqual(['/assets/react-R.js', '/assets/not-found-F.js']);
  });

  it('adds nothing for a route behind the sign-in gate (the visitor may be sent to /login), nor for one without code', () => {
    expect(pageFor('/chat')).toBe(indexHtml);
    expect(pageFor('/easy/outline/3')).toBe(indexHtml);
    expect(pageFor('/redirect')).toBe(indexHtml);
  });

  it('is index.html as it is without a route file (an older build)', () => {
    expect(pageWithPreloads(indexHtml, null)('/login')).toBe(indexHtml);
  });
});
