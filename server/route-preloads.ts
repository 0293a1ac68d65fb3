/**
 * The app's page (index.html) with the first route's modulepreload links in it: the files of the route's layout and
 * page that the build listed in route-preloads.json (scripts/vite-route-preloads.ts says why: the browser's preload
 * scanner starts them while the page arrives, and the app no longer spends main-thread time inserting the links).
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

/** The route of `pathname` in `preloads`, or undefined when none matches. */
export function matchRoute(preloads: RoutePreloads, pathname: string) {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined; // a malformed escape: the app's not-found page shows, without preloads
  }
  let best: { route: RoutePreloads['routes'][number]; score: number } | undefined;
  for (const route of preloads.routes) {
    const pattern = parse(route.path);
    if (!matches(pattern, segments)) continue;
    const s = score(pattern);
    if (!best || s > best.score) best = { route, score: s };
  }
  return best?.route;
}

/**
 * A function from a request's path to the page to send for it: index.html with the route's links before </head>,
 * or index.html as it is (no route file, a gated route, nothing to add). Pages are made once per route.
 */
export function pageWithPreloads(indexHtml: string, preloads: RoutePreloads | null): (pathname: string) => string {
  if (!preloads) return () => indexHtml;
  const pages = new Map<string, string>();
  return (pathname) => {
    const route = matchRoute(preloads, pathname);
    if (!route || route.audience === 'signedIn') return indexHtml;
    let page = pages.get(route.path);
    if (page === undefined) {
      // the entry's own chunks (and React DOM) are in index.html already
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
