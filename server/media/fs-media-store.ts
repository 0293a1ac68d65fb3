/**
 * The embedded media store: one file per object under a directory of the data folder, `<dir>/<k0k1>/<key>`
 * (256 fan-out folders keep directories small).
 *
 * Writes are atomic: the bytes go to a temporary file in `<dir>/.tmp` (the same filesystem), are flushed to disk,
 * and the file is renamed into place — a reader sees the whole file or none, also after a crash mid-write (a
 * leftover temporary file is never read, and is removed on the next start). Reads stream from the file with the
 * requested range, so serving a large video never holds it in memory.
 */
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { checkMediaKey, type ByteRange, type MediaStore } from './media-store';

export interface FsMediaStoreOptions {
  /** The directory of the objects (made when missing). */
  dir: string;
  /**
   * The project folder: a store inside it must be under its `.data/` (never served by the dev server, git-ignored),
   * so media can never land in a folder that is served or committed (src/, public/, dist/).
   */
  projectRoot?: string;
  /** Remove the whole directory on close (the temporary store of an in-memory database). */
  removeOnClose?: boolean;
}

/**
 * The reads of a streamed file: the first up to 256 KB (a gallery image in one read), then 64 KB (a video in many
 * small pieces: each is garbage once sent, so larger ones raise the server's peak memory while it streams).
 */
const FIRST_READ_BYTES = 256 * 1024;
const NEXT_READ_BYTES = 64 * 1024;

const isInside = (parent: string, child: string) => {
  const rel = relative(parent, child);
  return rel === '' || (!!rel && !rel.startsWith('..') && !isAbsolute(rel));
};

export async function createFsMediaStore(opts: FsMediaStoreOptions): Promise<MediaStore> {
  const dir = resolve(opts.dir);
  if (opts.projectRoot) {
    const root = resolve(opts.projectRoot);
    if (isInside(root, dir) && !isInside(join(root, '.data'), dir))
      throw new Error(`The media directory ${dir} is inside the project but not under its .data/ folder: choose another MEDIA_DIR.`);
  }
  const tmp = join(dir, '.tmp');
  await mkdir(tmp, { recursive: true });
  // temporary files of writes a previous process did not finish
  for (const name of await readdir(tmp)) await rm(join(tmp, name), { force: true });

  const pathOf = (key: string) => join(dir, checkMediaKey(key).slice(0, 2), key);

  return {
    kind: 'fs',
    async put(key, bytes) {
      const path = pathOf(key);
      const existing = await stat(path).catch(() => null);
      if (existing?.size === bytes.byteLength) return;
      const temp = join(tmp, `${key}.${randomBytes(6).toString('hex')}`);
      const handle = await open(temp, 'w', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      try {
        await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async head(key) {
      const s = await stat(pathOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      return s ? { size: s.size } : null;
    },
    async stream(key, range?: ByteRange) {
      // open first, so a missing file is a null here and not an error in the middle of a response
      const handle = await open(pathOf(key), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) return null;
      // Read on demand in pieces: the next piece is read only when the response has sent the last one (pull), so
      // a slow client holds one piece, not the file; the file is closed at the end, on an error or a cancel (a
      // client that goes away mid-download).
      const start = range?.start ?? 0;
      let position = start;
      let end: number;
      try {
        end = range ? range.end + 1 : (await handle.stat()).size;
      } catch (err) {
        await handle.close();
        throw err;
      }
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await handle.close();
      };
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            try {
              const want = Math.min(position === start ? FIRST_READ_BYTES : NEXT_READ_BYTES, end - position);
              const { bytesRead, buffer } = want > 0 ? await handle.read(Buffer.allocUnsafe(want), 0, want, position) : { bytesRead: 0, buffer: null };
              if (bytesRead === 0 || !buffer) {
                await close();
                controller.close();
                return;
              }
              position += bytesRead;
              controller.enqueue(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
            } catch (err) {
              await close().catch(() => {});
              controller.error(err);
            }
          },
          cancel: () => close(),
        },
        { highWaterMark: 0 },
      );
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    async close() {
      if (opts.removeOnClose) await rm(dir, { recursive: true, force: true });
    },
  };
}
