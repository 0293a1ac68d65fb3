// The ESTree helpers the build plugins share (scripts/ast.ts).
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { bindingNames, walk, type Node } from '../../scripts/ast';

const parse = (code: string) => parseAst(code, { lang: 'tsx', sourceType: 'module' }) as unknown as { body: Node[] };

describe('build plugins’ AST helpers', () => {
  it('bindingNames: the names a pattern declares, not the names its default values use', () => {
    const [fn] = parse('function f(a, { b, c: d, ...r }, [e, , ...f2], g = css, { h = other } = {}) {}').body as unknown as { params: unknown }[];
    expect(bindingNames(fn.params)).toEqual(['a', 'b', 'd', 'r', 'e', 'f2', 'g', 'h']);
    const [decl] = parse('const { x: [y, z = w] } = source;').body as unknown as { declarations: { id: unknown }[] }[];
    expect(bindingNames(decl.declarations[0].id)).toEqual(['y', 'z']);
    const [cls] = parse('class K { constructor(private readonly p: string, q: number) {} }').body as unknown as {
      body: { body: { value: { params: unknown } }[] };
    }[];
    expect(bindingNames(cls.body.body[0].value.params)).toEqual(['p', 'q']);
  });

  it('walk: every node once, in source order', () => {
    const names = [...walk(parse('const a = b(c, [d]);').body)].filter((n) => n.type === 'Identifier').map((n) => (n as unknown as { name: string }).name);
    expect(names).toEqual(['a', 'b', 'c', 'd']);
  });
});
