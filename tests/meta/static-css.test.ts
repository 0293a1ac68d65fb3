// The build's static css() inlining (scripts/vite-static-css.ts): each literal call becomes exactly the class names
// Panda's runtime gives for it, anything computed stays a call, and the app's source still parses afterwards.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { css } from 'styled-system/css';
import { inlineStaticCss } from '../../scripts/vite-static-css';

const root = resolve(__dirname, '..', '..');
const run = (code: string, id = '/app/src/x.tsx') => inlineStaticCss(code, id, css as (...s: unknown[]) => string);

describe('static css() inlining', () => {
  it('replaces a literal call with the class names the runtime gives, conditions and nested selectors included', () => {
    const style = {
      display: 'flex',
      px: { base: '3', md: '6' },
      mt: -1,
      _hover: { bg: 'accent.subtle', color: 'fg.default' },
      '& > * + *': { mt: '3' },
      '&[data-open]': { opacity: 0.5, fontWeight: 'semibold' },
      srOnly: true,
      gridTemplateColumns: `repeat(2, 1fr)`,
      textDecoration: null,
    };
    const source = [
      "import { css } from 'styled-system/css';",
      `export const box = css(${JSON.stringify(style)});`,
      "export const two = css({ p: '2' }, { p: '4', color: 'red' });",
      'export const tpl = css({ gridTemplateColumns: `repeat(2, 1fr)` });',
    ].join('\n');
    const out = run(source)!;
    expect(out.count).toBe(3);
    expect(out.code).toContain(`export const box = ${JSON.stringify(css(style as never))};`);
    expect(out.code).toContain(`export const two = ${JSON.stringify(css({ p: '2' }, { p: '4', color: 'red' }))};`);
    expect(out.code).toContain(`export const tpl = ${JSON.stringify(css({ gridTemplateColumns: 'repeat(2, 1fr)' }))};`);
    expect(out.code).not.toMatch(/css\(\{/);
  });

  it('leaves every call with something computed in it, and calls of other functions named css', () => {
    const source = [
      "import { css, cx } from 'styled-system/css';",
      'const size = 4;',
      'const base = {};',
      'export const a = css({ p: size });',
      'export const b = css({ ...base, m: "0" });',
      'export const c = css(base, { m: "0" });',
      'export const d = css({ w: `${size}px` });',
      'export const e = css({ [`w`]: "1" });',
      'export const f = css({ color: size > 2 ? "red" : "blue" });',
      'export const g = css.raw({ m: "0" });',
      'export const h = (on: boolean) => cx(css({ m: "1" }), on && "x");',
    ].join('\n');
    const out = run(source)!;
    expect(out.count).toBe(1); // only h's inner call
    for (const kept of ['css({ p: size })', 'css({ ...base, m: "0" })', 'css(base, { m: "0" })', 'css({ w: `${size}px` })', 'css({ [`w`]: "1" })', 'css.raw({ m: "0" })'])
      expect(out.code).toContain(kept);
    expect(out.code).toContain(`cx(${JSON.stringify(css({ m: '1' }))}, on && "x")`);

    // a css of another module is not Panda's
    expect(run("import { css } from '@emotion/css';\nconst a = css({ m: '0' });\n// styled-system/css")).toBeNull();
    // a module with a binding of its own under the same name is left as it is (no scope analysis)
    expect(run("import { css } from '../styled-system/css';\nconst a = css({ m: '0' });\nfunction f(css: (x: object) => string) { return css({ m: '1' }); }")).toBeNull();
    expect(run("import { css } from '../styled-system/css';\nconst a = css({ m: '0' });\n{ const css = (x: object) => ''; css({ m: '1' }); }")).toBeNull();
    // a parameter whose default value calls css() uses the import, it does not declare its own
    const used = run("import { css } from '../styled-system/css';\nfunction f(style = css({ m: '1' })) { return style; }");
    expect(used?.count).toBe(1);
    expect(used?.code).toContain(`style = ${JSON.stringify(css({ m: '1' }))}`);
    // a renamed import is followed
    const renamed = run("import { css as style } from '../styled-system/css';\nconst a = style({ m: '0' });")!;
    expect(renamed.code).toContain(`const a = ${JSON.stringify(css({ m: '0' }))};`);
  });

  it('keeps the source map pointing into the original module', () => {
    const out = run("import { css } from '../styled-system/css';\n\nexport const a = css({ m: '0' });\n")!;
    expect(out.map.sources).toEqual(['/app/src/x.tsx']);
    expect(out.map.mappings.length).toBeGreaterThan(0);
  });

  it('rewrites the whole app into modules that still parse, leaving only computed calls to the runtime', () => {
    const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => join(root, 'src', f));
    let inlined = 0;
    let left = 0;
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const out = run(code, file);
      if (!out) continue;
      inlined += out.count;
      expect(() => parseAst(out.code, { lang: file.endsWith('x') ? 'tsx' : 'ts', sourceType: 'module' }), file).not.toThrow();
      left += (out.code.match(/\bcss\(/g) ?? []).length;
    }
    // most of the app's style constants are literals (over 400 of them); the few computed ones stay calls
    expect(inlined).toBeGreaterThan(300);
    expect(left).toBeLessThan(inlined / 10);
  });
});
