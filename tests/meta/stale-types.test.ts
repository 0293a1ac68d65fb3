// Fails when a committed generated API file (openapi/generated/*.gen.*) differs from what `npm run gen:api` produces now.
// Fix: run `npm run gen:api` and commit the result.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..', '..');
const committedDir = join(root, 'openapi', 'generated');
const tmp = mkdtempSync(join(tmpdir(), 'gen-api-'));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('generated API files', () => {
  it('are up to date with openapi/ (run `npm run gen:api` when this fails)', () => {
    execFileSync(process.execPath, [join(root, 'scripts', 'gen-api.mjs'), '--out-dir', tmp], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const fresh = readdirSync(tmp).sort();
    expect(fresh).toEqual([
      'openapi.bundle.gen.json',
      'queue-schema.gen.ts',
      'queue.bundle.gen.json',
      'schema.gen.ts',
    ]);
    const stale: string[] = [];
    for (const name of fresh) {
      const committed = join(committedDir, name);
      if (!existsSync(committed)) {
        stale.push(`openapi/generated/${name} (missing)`);
        continue;
      }
      if (readFileSync(committed, 'utf8') !== readFileSync(join(tmp, name), 'utf8')) {
        stale.push(`openapi/generated/${name}`);
      }
    }
    expect(stale, `stale generated files: ${stale.join(', ')} - run npm run gen:api`).toEqual([]);
  });
});
