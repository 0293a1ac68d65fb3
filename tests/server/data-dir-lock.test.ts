/**
 * One process per embedded database directory (issue 25): a second process opening the same PGlite directory is
 * refused with a clear message naming the owner's pid; a lock left by a process that no longer runs is taken over;
 * closing the database gives the directory back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDb } from '@server/db/client';
import { DataDirInUseError, lockPathOf } from '@server/db/data-dir-lock';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wordsmith-lock-'));
  dirs.push(dir);
  return join(dir, 'pglite');
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the PGlite data directory lock', () => {
  it('a second open of a directory in use is refused with the owner’s pid; after close it opens again', async () => {
    const dir = newDir();
    const first = await openDb({ dataDir: dir });
    expect(readFileSync(lockPathOf(dir), 'utf8').split('\n')[0]).toBe(String(process.pid));
    const refused = await openDb({ dataDir: dir }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toBe(
      `The database directory ${resolve(dir)} is in use by another server process (pid ${process.pid}). Stop that process first, or ` +
        `start this one with another DATA_DIR or DATABASE_URL. If no process ${process.pid} is running a Wordsmith server, delete ${resolve(dir)}.lock.`,
    );
    await first.close();
    expect(existsSync(lockPathOf(dir))).toBe(false);
    const again = await openDb({ dataDir: dir });
    // a restart in the same process (the dev server's) that does not wait for the close: the open waits for it
    const closing = again.close();
    const reopened = await openDb({ dataDir: dir });
    await closing;
    await reopened.close();
  }, 120_000);

  it('another process is refused while this one holds the directory, and says why', async () => {
    const dir = newDir();
    const held = await openDb({ dataDir: dir });
    try {
      const script = `import('./server/db/client.ts').then((m) => m.openDb({ dataDir: ${JSON.stringify(dir)} })).then(() => { console.log('OPENED'); process.exit(0); }, (e) => { console.error(e.message); process.exit(3); });`;
      const child = spawn(process.execPath, [join('node_modules', 'tsx', 'dist', 'cli.mjs'), '-e', script], { cwd: process.cwd(), env: { ...process.env, VITEST: '' } });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.on('data', (d) => (stdout += d));
      const code = await new Promise<number | null>((res) => child.on('exit', res));
      expect(stdout).not.toContain('OPENED');
      expect(code).toBe(3);
      expect(stderr).toContain(`is in use by another server process (pid ${process.pid})`);
    } finally {
      await held.close();
    }
  }, 120_000);

  it('a lock left by a process that no longer runs is stale: taken over', async () => {
    const dir = newDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(gone.stdout.toString());
    expect(deadPid).toBeGreaterThan(0);
    writeFileSync(lockPathOf(dir), `${deadPid}\n${hostname()}\n2026-01-01T00:00:00.000Z\n`);
    const opened = await openDb({ dataDir: dir });
    expect(readFileSync(lockPathOf(dir), 'utf8').split('\n')[0]).toBe(String(process.pid));
    await opened.close();
    expect(existsSync(lockPathOf(dir))).toBe(false);
  }, 120_000);
});
