import { parseAst } from 'rolldown/parseAst';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { RoutePreloads } from '../server/route-preloads.ts';
import { bindingNames, nameOf, type Node } from './ast';

/**
 * The first route's modulepreload links, written into the page by the server instead of by the app at start-up
 * (vite.config.ts, server/route-preloads.ts).
 *
 * Why: the app starts downloading the first route's layout and page (and every chunk they import) before React runs
 * (src/app/app.tsx createAppHistory → preloadRoute), and Vite's preload helper does it by inserting one
 * <link rel="modulepreload"> per chunk. Each insertion costs the main thread 1–4 ms in Chromium (in a CPU profile of
 * a warm /login load at 1×: 49 ms in appendChild for 13 links, in one task), which a slow phone pays four times over
 * after the first paint (Lighthouse mobile: total blocking time). Links in the HTML are found by the browser's
 * preload scanner while the page is still arriving: the downloads start earlier and the app's helper skips the links
 * already present (docs/lighthouse.md has the Lighthouse comparison).
 *
 * What this file does: it reads the route table (src/app/routes.tsx) as source, finds for each route its path, its
 * gate (RequireAuth or SignedOutOnly) and the modules its layout and page load lazily, and after the build writes
 * route-preloads.json: per route path, the files the browser needs for that route beyond the entry's own. The
 * reading is checked against the real route table by tests/components/route-preloads.test.tsx (same paths, same
 * gates, the same modules as each route's handle.preload loads), so a change of the table's shape fails a test.
 */

export interface RouteModules {
  /** the path as the browser sees it: '/login', '/tools/:slug', '/' for the index route, '/*' for the catch-all */
  path: string;
  /** the gate of the route or of its layout (what the route handle's `audience` says) */
  audience?: 'signedIn' | 'signedOut';
  /** import specifiers as written in the route file, layout first */
  modules: string[];
}

/**
 * The names `node` refers to, and its import() expressions, in source order — not names that only label something
 * (a property's key `{ handle: … }`, a member's property `bare.handle` or `<shell.Page />`, a JSX attribute's name),
 * nor a function's own parameters inside it. Block-scoped declarations inside functions are not told apart (no
 * scope analysis beyond parameters): at worst a route lists one module too many, which the test against the real
 * route table would show.
 */
function* references(node: unknown, shadowed: ReadonlySet<string> = new Set()): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) yield* references(n, shadowed);
    return;
  }
  const n = node as Node & { computed?: boolean };
  if (n.type === 'ImportExpression' || ((n.type === 'Identifier' || n.type === 'JSXIdentifier') && !shadowed.has(nameOf(n)))) yield n;
  let inner = shadowed;
  if (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') {
    inner = new Set([...shadowed, ...bindingNames(n.params)]);
  }
  for (const key in n) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (n.type === 'Property' && key === 'key' && !n.computed) continue;
    if ((n.type === 'MemberExpression' || n.type === 'JSXMemberExpression') && key === 'property' && !n.computed) continue;
    if (n.type === 'JSXAttribute' && key === 'name') continue;
    // a function's name and parameters are its own bindings, not references
    if (inner !== shadowed && (key === 'params' || key === 'id')) continue;
    const v = n[key];
    if (v && typeof v === 'object') yield* references(v, inner);
  }
}

/** The routes of `exportName` (an array of route objects) in a route module's source, with their lazy modules. */
export function readRouteModules(code: string, exportName = 'appRoutes'): RouteModules[] {
  const program = parseAst(code, { lang: 'tsx', sourceType: 'module' }) as unknown as { body: Node[] };
  // the module's top-level bindings (const x = …, function x() {}): what a route's expressions may refer to
  const topLevel = new Map<string, Node>();
  let table: Node | undefined;
  for (const stmt of program.body) {
    const decl = (stmt.type === 'ExportNamedDeclaration' ? (stmt as unknown as { declaration: Node | null }).declaration : stmt) ?? undefined;
    if (!decl) continue;
    if (decl.type === 'FunctionDeclaration') topLevel.set(nameOf((decl as unknown as { id: Node }).id), decl);
    if (decl.type === 'VariableDeclaration') {
      for (const d of (decl as unknown as { declarations: { id: Node; init: Node | null }[] }).declarations) {
        if (d.id.type !== 'Identifier' || !d.init) continue;
        topLevel.set(nameOf(d.id), d.init);
        if (nameOf(d.id) === exportName) table = d.init;
      }
    }
  }
  if (!table || table.type !== 'ArrayExpression') throw new Error(`route-preloads: no \`const ${exportName} = [...]\` in the route module`);

  /** the import('…') specifiers reachable from `nodes`, through the module's top-level bindings they name */
  function importsOf(nodes: Node[]): string[] {
    const found: string[] = [];
    const seen = new Set<string>();
    const visit = (node: Node) => {
      for (const n of references(node)) {
        if (n.type === 'ImportExpression') {
          const source = (n as unknown as { source: Node }).source;
          const spec = source.type === 'Literal' ? (source as unknown as { value: unknown }).value : undefined;
          if (typeof spec !== 'string') throw new Error(`route-preloads: an import() of the route module has no plain string specifier`);
          if (!found.includes(spec)) found.push(spec);
        } else if ((n.type === 'Identifier' || n.type === 'JSXIdentifier') && topLevel.has(nameOf(n)) && !seen.has(nameOf(n))) {
          seen.add(nameOf(n));
          visit(topLevel.get(nameOf(n))!);
        }
      }
    };
    nodes.forEach(visit);
    return found;
  }

  /** the gate named directly in `nodes` (not through helpers: `page(…, SignedOutOnly)`, `<RequireAuth>`) */
  function gateOf(nodes: Node[]): RouteModules['audience'] {
    for (const n of references(nodes)) {
      if (n.type !== 'Identifier' && n.type !== 'JSXIdentifier') continue;
      if (nameOf(n) === 'RequireAuth') return 'signedIn';
      if (nameOf(n) === 'SignedOutOnly') return 'signedOut';
    }
    return undefined;
  }

  const out: RouteModules[] = [];
  const visitRoutes = (array: Node, parentPath: string, parentModules: string[], parentAudience: RouteModules['audience']) => {
    for (const el of (array as unknown as { elements: (Node | null)[] }).elements) {
      if (!el || el.type !== 'ObjectExpression') throw new Error('route-preloads: a route of the table is not an object literal');
      let path: string | undefined;
      let index = false;
      let children: Node | undefined;
      const own: Node[] = [];
      for (const p of (el as unknown as { properties: Node[] }).properties) {
        const prop = p as unknown as { type: string; key?: Node; value?: Node; argument?: Node; computed?: boolean };
        const key = prop.type === 'Property' && !prop.computed && prop.key?.type === 'Identifier' ? nameOf(prop.key) : undefined;
        if (key === 'path') {
          const v = prop.value!;
          if (v.type !== 'Literal' || typeof (v as unknown as { value: unknown }).value !== 'string') throw new Error('route-preloads: a route path is not a string literal');
          path = (v as unknown as { value: string }).value;
        } else if (key === 'index') index = true;
        else if (key === 'children') children = prop.value;
        else own.push(p as Node);
      }
      const fullPath = path === undefined ? parentPath : `${parentPath.replace(/\/$/, '')}/${path}`;
      const modules = [...parentModules, ...importsOf(own).filter((m) => !parentModules.includes(m))];
      const audience = parentAudience ?? gateOf(own);
      if (children) {
        if (children.type !== 'ArrayExpression') throw new Error('route-preloads: the children of a route are not an array literal');
        visitRoutes(children, fullPath, modules, audience);
      } else if (path !== undefined || index) {
        out.push({ path: fullPath || '/', ...(audience ? { audience } : {}), modules });
      }
    }
  };
  visitRoutes(table, '', [], undefined);
  return out;
}

/**
 * The Vite plugin: reads `routesFile` at the start of the build, and after it emits route-preloads.json (beside
 * index.html) with, for each route that loads code, the chunks of its layout and page and everything they import
 * statically — the files Vite's preload helper would have inserted links for — minus the entry's own, which
 * index.html already loads (the entry itself by its <script src>, which the server's check of index.html's links
 * would not see). The build fails when a module of the table has no chunk of its own.
 */
export function routePreloads({ routesFile }: { routesFile: string }): Plugin {
  let routes: (RouteModules & { ids: string[] })[] = [];
  return {
    name: 'route-preloads',
    apply: 'build',
    async buildStart() {
      const read = readRouteModules(readFileSync(routesFile, 'utf8'));
      routes = [];
      for (const r of read) {
        const ids: string[] = [];
        for (const spec of r.modules) {
          const resolved = await this.resolve(spec, routesFile);
          if (!resolved) this.error(`route-preloads: ${spec} (in ${routesFile}) does not resolve`);
          ids.push(resolved.id);
        }
        routes.push({ ...r, ids });
      }
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      /** a chunk and everything it imports statically, in load order (itself first, as Vite's helper lists them) */
      const closure = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
      };
      const entryFiles = new Set<string>();
      for (const c of chunks) if (c.isEntry) closure(c.fileName, entryFiles);
      const out: RoutePreloads = { routes: [] };
      for (const r of routes) {
        const files = new Set<string>();
        for (const [i, id] of r.ids.entries()) {
          const chunk = byModule.get(id);
          if (!chunk) this.error(`route-preloads: no chunk of its own for ${r.modules[i]} (route ${r.path})`);
          closure(chunk.fileName, files);
        }
        const extra = [...files].filter((f) => !entryFiles.has(f)).map((f) => `/${f}`);
        out.routes.push({ path: r.path, ...(r.audience ? { audience: r.audience } : {}), files: extra });
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(out, null, 1)}\n` });
    },
  };
}
