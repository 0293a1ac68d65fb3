/**
 * The app's page (index.html) with the first route's modulepreload links in it: the files of the route's layout and
 * page that the build listed in route-preloads.json (scripts/vite-route-preloads.ts says why: the browser's preload
 * scanner starts them while the page arrives, and the app spends no main-thread time inserting the links).
 *
 * Paths match as the app's router matches them, for the cases the route table has: static segments, `:param`,
 * an optional `:param?`, and the catch-all `*`; the most specific route wins (static segments before parameters,
 * the catch-all last), as in react-router's ranking.
 *
 * Choice: routes behind the sign-in gate ('signedIn') get no links here. The server cannot tell a signed-in visitor
 * (the token lives in the browser's storage, 01 §4): a signed-out visitor of /chat is sent to /login, and links for
 * the chat and the shell would spend a slow connection on code that page never runs. The app itself preloads those
 * routes as before (src/app/app.tsx preloadRoute), knowing who is signed in. The sign-in pages ('signedOut') do get
 * theirs: a signed-in visitor of /login is rare (the app sends them to /home).
 */
export interface RoutePreloads {
  routes: { path: string; audience?: 'signedIn' | 'signedOut'; files: string[] }[];
}

type Segment = { kind: 'static'; value: string } | { kind: 'param'; optional: boolean } | { kind: 'splat' };

function parse(path: string): Segment[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((s): Segment => (s === '*' ? { kind: 'splat' } : s.startsWith(':') ? { kind: 'param', optional: s.endsWith('?') } : { kind: 'static', value: s.toLowerCase() }));
}

/** Whether `segments` (a request path's, decoded) match `pattern`. */
function matches(pattern: Segment[], segments: string[]): boolean {
  const go = (i: number, j: number): boolean => {
    if (i === pattern.length) return j === segments.length;
    const p = pattern[i];
    if (p.kind === 'splat') return true;
    if (p.kind === 'param' && p.optional && go(i + 1, j)) return true;
    if (j === segments.length) return false;
    if (p.kind === 'static' && p.value !== segments[j].toLowerCase()) return false;
    return go(i + 1, j + 1);
  };
  return go(0, 0);
}

/** react-router's ranking, simplified to the segment kinds above: static 10, parameter 3, catch-all −2 */
const score = (pattern: Segment[]) => pattern.reduce((s, p) => s + (p.kind === 'static' ? 10 : p.kind === 'param' ? 3 : -2), 0);

type Route = RoutePreloads['routes'][number];

/**
 * A matcher over `preloads`' routes: from a request's path to its route, or undefined when none matches. The
 * patterns are parsed and ranked once, here, not on every request.
 */
export function routeMatcher(preloads: RoutePreloads): (pathname: string) => Route | undefined {
  const ranked = preloads.routes
    .map((route, order) => ({ route, order, pattern: parse(route.path) }))
    .map((r) => ({ ...r, score: score(r.pattern) }))
    // the most specific first; among equals, the table's order (the first one wins, as before)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname) => {
    let segments: string[];
    try {
      segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      return undefined; // a malformed escape: the app's not-found page shows, without preloads
    }
    return ranked.find((r) => matches(r.pattern, segments))?.route;
  };
}

/**
 * A function from a request's path to the page to send for it: index.html with the route's links before </head>,
 * or index.html as it is (no route file, a gated route, nothing to add). Pages are made once per route.
 * Links index.html has already (the entry's chunks, React DOM) are not repeated.
 */
export function pageWithPreloads(indexHtml: string, preloads: RoutePreloads | null): (pathname: string) => string {
  if (!preloads) return () => indexHtml;
  const match = routeMatcher(preloads);
  const pages = new Map<string, string>();
  return (pathname) => {
    const route = match(pathname);
    if (!route || route.audience === 'signedIn') return indexHtml;
    let page = pages.get(route.path);
    if (page === undefined) {
      const links = route.files
        .filter((file) => !indexHtml.includes(`href="${file}"`))
        .map((file) => `\n    <link rel="modulepreload" crossorigin href="${file}">`)
        .join('');
      // after the head's last element, before the line break of </head>
      page = links ? indexHtml.replace(/(\s*)<\/head>/, (_, space: string) => `${links}${space}</head>`) : indexHtml;
      pages.set(route.path, page);
    }
    return page;
  };
}
