/**
 * A throwaway PostgreSQL server for a test that needs a real one shared by several processes (tests/cluster):
 * initdb into a temp directory, start on a private loopback port, stop and delete on close. The same steps as
 * scripts/test-postgres.sh; needs Debian's postgresql package (.ci/run installs it). initdb refuses to run as
 * root, so as root the server runs as the postgres user.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  url: string;
  stop(): void;
}

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const bin = process.env.PGBIN ?? (versions.length ? join(root, versions.at(-1)!, 'bin') : '');
  if (!bin || !existsSync(join(bin, 'initdb'))) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql)');
  return bin;
}

export function startPostgres(port: number): PostgresCluster {
  const bin = pgBin();
  const work = mkdtempSync(join(tmpdir(), 'pgcluster-'));
  const data = join(work, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(work, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  run(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(work, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ]);
  run(join(bin, 'createdb'), ['-h', work, '-p', String(port), '-U', 'postgres', 'wordsmith']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/wordsmith`,
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}
