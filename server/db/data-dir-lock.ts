/**
 * One process per embedded database directory. PGlite has no lock of its own: a second process (a second
 * `npm run serve`, a dev server next to it) opening the same directory writes the same files and corrupts the
 * database. The directory is claimed with a lock file next to it (`<dir>.lock`, so it is not part of PGlite's
 * files) holding the owner's pid, created exclusively; a lock whose pid no longer runs (a killed process) is
 * stale and taken over. Released when the database closes or the process exits.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly lockPath: string,
  ) {
    super(
      `The database directory ${dir} is in use by another server process (pid ${pid}). Stop that process first, or ` +
        `start this one with another DATA_DIR or DATABASE_URL. If no process ${pid} is running a Wordsmith server, delete ${lockPath}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export function lockPathOf(dir: string): string {
  return `${resolve(dir)}.lock`;
}

/** Whether a process with this pid runs on this machine (EPERM: it runs, as another user). */
export function processRuns(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): { pid: number; host: string } | null {
  try {
    const [pid, host] = readFileSync(lockPath, 'utf8').split('\n');
    return { pid: Number(pid), host: host ?? '' };
  } catch {
    return null;
  }
}

/** Closes of this process still running, per directory (a dev server's restart closes the old runtime without waiting). */
const closing = new Map<string, Promise<unknown>>();

/** Records a close of `dir` in progress, so an open of it in this process waits for it instead of being refused. */
export function noteClosing(dir: string, done: Promise<unknown>): void {
  const key = resolve(dir);
  const settled = done.catch(() => {});
  closing.set(key, settled);
  void settled.then(() => {
    if (closing.get(key) === settled) closing.delete(key);
  });
}

/** Waits for a close of `dir` this process has started, then claims it (lockDataDir). */
export async function lockDataDirWhenClosed(dir: string): Promise<() => void> {
  await closing.get(resolve(dir));
  return lockDataDir(dir);
}

/** Claims `dir` for this process (module comment); returns the release. Throws DataDirInUseError when taken. */
export function lockDataDir(dir: string): () => void {
  const lockPath = lockPathOf(dir);
  const content = `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(lockPath);
      // Another host's pid cannot be checked from here (a shared network folder): never taken over.
      const stale = owner !== null && owner.host === hostname() && !processRuns(owner.pid) && owner.pid !== process.pid;
      // An empty or unreadable file is a claim being written right now, not a stale one.
      if (!stale || attempt >= 3) throw new DataDirInUseError(resolve(dir), owner?.pid ?? NaN, lockPath);
      rmSync(lockPath, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // only our own claim: never a lock another process took over meanwhile
    if (readOwner(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true });
  };
  process.on('exit', release);
  return release;
}
