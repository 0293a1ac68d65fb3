/**
 * The few ESTree helpers the build plugins share (vite-static-css.ts, vite-route-preloads.ts): both read source
 * with rolldown's parser (`parseAst`, ESTree-shaped) and need the same node type, a walk over every node, and the
 * names a binding pattern declares.
 */

/** An ESTree node as rolldown's parser returns it (only what the plugins read is typed). */
export type Node = { type: string; start: number; end: number; [key: string]: unknown };

export const nameOf = (n: Node) => (n as unknown as { name: string }).name;

/** Every node under `node` (itself first), depth first in source order. */
export function* walk(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) yield* walk(n);
    return;
  }
  const n = node as Node;
  if (typeof n.type === 'string') yield n;
  for (const key in n) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    const v = n[key];
    if (v && typeof v === 'object') yield* walk(v);
  }
}

/**
 * The names a binding pattern declares — `a`, `{ b, c: d }`, `[e, ...f]`, `g = 1` give a, b, d, e, f, g — given a
 * pattern or a list of them (a function's `params`). A default value's own names are not declared by it.
 */
export function bindingNames(pattern: unknown): string[] {
  const names: string[] = [];
  const collect = (p: unknown): void => {
    if (!p || typeof p !== 'object') return;
    if (Array.isArray(p)) return p.forEach(collect);
    const n = p as Node;
    if (n.type === 'Identifier') names.push(nameOf(n));
    else if (n.type === 'AssignmentPattern') collect(n.left);
    else if (n.type === 'RestElement') collect(n.argument);
    else if (n.type === 'ArrayPattern') collect(n.elements);
    else if (n.type === 'ObjectPattern') for (const prop of n.properties as Node[]) collect(prop.type === 'RestElement' ? prop : prop.value);
    // TypeScript parameter properties (`constructor(private a)`) wrap the pattern
    else if (n.type === 'TSParameterProperty') collect(n.parameter);
  };
  collect(pattern);
  return names;
}
