import { parseAst } from 'rolldown/parseAst';
import MagicString from 'magic-string';
import { pathToFileURL } from 'node:url';
import { bindingNames, walk, type Node } from './ast';

/**
 * Build-time class names for Panda's `css()` (vite.config.ts): every `css({...})` call of the app's source whose
 * arguments are plain literals (objects, arrays, strings, numbers, booleans, null — nothing computed) is replaced by
 * the class-name string that Panda's own runtime returns for it, computed once here by that same runtime
 * (styled-system/css). Calls with anything computed in them keep their runtime form.
 *
 * Why: Panda extracts the CSS at build time, but a `css({...})` call still runs in the browser to turn its object
 * into class names — at module evaluation for the hundreds of module-level style constants, in the long start-up
 * tasks (in CPU profiles of the signed-in /home load at 1×: 33–72 ms in Panda's runtime, 8–13 ms with this transform).
 * Panda 2 does the same with its bundler plugin's "source transforms"; Panda 1, which this project uses, has none.
 *
 * The CSS itself is unchanged: Panda's PostCSS plugin still extracts it from the untransformed source.
 */

/** The literal value of a node, or NOT_STATIC when any part of it is computed at run time. */
const NOT_STATIC = Symbol('not static');
function literal(node: Node): unknown {
  switch (node.type) {
    case 'Literal': {
      const v = (node as unknown as { value: unknown }).value;
      // a regular expression or a bigint is not a style value
      return v === null || ['string', 'number', 'boolean'].includes(typeof v) ? v : NOT_STATIC;
    }
    case 'TemplateLiteral': {
      const t = node as unknown as { expressions: Node[]; quasis: { value: { cooked: string | null } }[] };
      return t.expressions.length === 0 && t.quasis[0].value.cooked !== null ? t.quasis[0].value.cooked : NOT_STATIC;
    }
    case 'UnaryExpression': {
      const u = node as unknown as { operator: string; argument: Node };
      const v = literal(u.argument);
      return u.operator === '-' && typeof v === 'number' ? -v : NOT_STATIC;
    }
    case 'ArrayExpression': {
      const out: unknown[] = [];
      for (const el of (node as unknown as { elements: (Node | null)[] }).elements) {
        if (!el || el.type === 'SpreadElement') return NOT_STATIC;
        const v = literal(el);
        if (v === NOT_STATIC) return NOT_STATIC;
        out.push(v);
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of (node as unknown as { properties: Node[] }).properties) {
        const prop = p as unknown as { type: string; computed: boolean; kind: string; method: boolean; key: Node; value: Node };
        if (prop.type !== 'Property' || prop.computed || prop.kind !== 'init' || prop.method) return NOT_STATIC;
        const key = prop.key.type === 'Identifier' ? (prop.key as unknown as { name: string }).name : literal(prop.key);
        if (typeof key !== 'string' && typeof key !== 'number') return NOT_STATIC;
        const v = literal(prop.value);
        if (v === NOT_STATIC) return NOT_STATIC;
        out[String(key)] = v;
      }
      return out;
    }
    default:
      return NOT_STATIC;
  }
}

/** Whether `node` is a declaration (variable, function or its parameters, class, catch clause) binding one of `names`. */
function declares(node: Node, names: Set<string>): boolean {
  const d = node as unknown as { id?: unknown; params?: unknown; param?: unknown };
  let patterns: unknown[];
  switch (node.type) {
    case 'VariableDeclarator':
    case 'ClassDeclaration':
    case 'ClassExpression':
      patterns = [d.id];
      break;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      patterns = [d.id, d.params];
      break;
    case 'CatchClause':
      patterns = [d.param];
      break;
    default:
      return false;
  }
  return bindingNames(patterns).some((name) => names.has(name));
}

type CssFn = (...styles: unknown[]) => string;

/**
 * Rewrites one module (TypeScript, JSX or plain JavaScript, told by `id`'s extension): null when nothing changed.
 * `css` is Panda's runtime function. Only calls of the local name bound to `css` by an import from a
 * `styled-system/css` module are touched.
 */
export function inlineStaticCss(code: string, id: string, css: CssFn): { code: string; map: ReturnType<MagicString['generateMap']>; count: number } | null {
  if (!code.includes('styled-system/css')) return null;
  const lang = id.endsWith('.tsx') ? 'tsx' : id.endsWith('.ts') ? 'ts' : id.endsWith('.jsx') ? 'jsx' : 'js';
  const program = parseAst(code, { lang, sourceType: 'module' }) as unknown as { body: Node[] };
  // the local names of `css` imported from styled-system/css (import { css } / import { css as x })
  const names = new Set<string>();
  for (const stmt of program.body) {
    if (stmt.type !== 'ImportDeclaration') continue;
    const decl = stmt as unknown as { source: { value: string }; specifiers: { type: string; imported?: { name: string }; local: { name: string } }[] };
    if (!/(^|\/)styled-system\/css(\/index\.mjs|\/css\.mjs)?$/.test(decl.source.value)) continue;
    for (const s of decl.specifiers) if (s.type === 'ImportSpecifier' && s.imported?.name === 'css') names.add(s.local.name);
  }
  if (names.size === 0) return null;
  // one pass over the module: the literal calls, and whether it declares another binding of the same name somewhere
  // (a local `css`) — such a module is left as it is: telling which calls mean the import would take scope analysis,
  // and no module of the app does this
  const calls: { node: Node; args: unknown[] }[] = [];
  for (const node of walk(program.body)) {
    if (declares(node, names)) return null;
    if (node.type !== 'CallExpression') continue;
    const call = node as unknown as { callee: Node & { name?: string }; arguments: Node[]; optional: boolean };
    if (call.callee.type !== 'Identifier' || !names.has(call.callee.name!) || call.optional || call.arguments.length === 0) continue;
    const args = call.arguments.map(literal);
    if (!args.includes(NOT_STATIC)) calls.push({ node, args });
  }
  if (calls.length === 0) return null;
  const out = new MagicString(code);
  for (const { node, args } of calls) out.overwrite(node.start, node.end, JSON.stringify(css(...args)));
  const count = calls.length;
  return { code: out.toString(), map: out.generateMap({ hires: true, source: id, includeContent: true }), count };
}

/** The Vite plugin (build only): the app's source under `srcDir`, before the TypeScript and JSX transforms. */
export function staticCss(options: { srcDir: string; styledSystemCss: string }) {
  let css: CssFn | null = null;
  let calls = 0;
  return {
    name: 'static-css',
    enforce: 'pre' as const,
    apply: 'build' as const,
    async buildStart() {
      css = ((await import(pathToFileURL(options.styledSystemCss).href)) as { css: CssFn }).css;
      calls = 0;
    },
    transform(code: string, id: string) {
      if (!id.startsWith(options.srcDir) || !/\.[jt]sx?$/.test(id)) return null;
      const result = inlineStaticCss(code, id, css!);
      if (!result) return null;
      calls += result.count;
      return { code: result.code, map: result.map };
    },
    buildEnd() {
      console.log(`static-css: ${calls} css() calls inlined as class names`);
    },
  };
}
