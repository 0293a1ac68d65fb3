/**
 * The README's configuration table names every setting the server reads (issue 25: "The README's configuration
 * table names every production setting"), and the README stays within its 15,000-byte budget.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
/** Set by the test runner, never by an operator. */
const NOT_SETTINGS = new Set(['VITEST', 'NODE_ENV']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) ? [path] : [];
  });
}

describe('README configuration', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 3));

  it('names every environment setting the server reads', () => {
    const read = new Set<string>();
    for (const file of sources(join(root, 'server'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)\b/g)) if (!NOT_SETTINGS.has(m[1])) read.add(m[1]);
    }
    expect(read.has('CALLBACK_HOSTS')).toBe(true);
    const missing = [...read].filter((name) => !section.includes(`\`${name}`) && !section.includes(`, ${name}`));
    expect(missing).toEqual([]);
  });

  it('stays within 15,000 bytes', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15_000);
  });
});
