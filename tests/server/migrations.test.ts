import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

// The committed SQL migrations must match server/db/schema.ts: drizzle-kit, run against a copy of them,
// must find nothing to generate. (Change the schema → `npx drizzle-kit generate` → commit the new file.)
describe('migrations', () => {
  it('are up to date with the drizzle schema', () => {
    const root = process.cwd();
    mkdirSync(join(root, '.data'), { recursive: true });
    const dir = mkdtempSync(join(root, '.data', 'migrations-check-'));
    try {
      cpSync(join(root, 'server/db/migrations'), dir, { recursive: true });
      const before = readdirSync(dir).sort();
      const out = execFileSync(
        join(root, 'node_modules/.bin/drizzle-kit'),
        ['generate', '--dialect', 'postgresql', '--schema', './server/db/schema.ts', '--out', relative(root, dir)],
        { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(out).toContain('No schema changes');
      expect(readdirSync(dir).sort()).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
