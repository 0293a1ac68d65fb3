/**
 * Media storage (issue 34): the MediaStore contract on the filesystem store and on the S3-compatible store (against
 * s3rver on loopback, started here), GET/HEAD /media/{file} streaming byte ranges from the store, objects shared by
 * rows with the same bytes, and the move of bytes kept inline in media_files (data_base64) by an older version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import S3rver from 's3rver';
import { createApp } from '@server/app';
import { MIGRATIONS_FOLDER, isPostgresUrl, openDb, type Db } from '@server/db/client';
import * as t from '@server/db/schema';
import { createFsMediaStore } from '@server/media/fs-media-store';
import { mediaKey, readAll, registerMediaStore, type ByteRange, type MediaStore } from '@server/media/media-store';
import { PROJECT_ROOT, mediaStoreFromEnv, s3SettingsFrom } from '@server/media/media-store-config';
import { createS3MediaStore } from '@server/media/s3-media-store';
import { MEDIA_ROW_TTL_MS, deleteMedia, mediaFilesOf, storeMedia } from '@server/media/store';
import { MEDIA_CACHE_CONTROL } from '@server/routes/media';
import { T0, useTestServer } from './harness';

const text = (s: string) => new Uint8Array(Buffer.from(s));
const streamed = async (p: Promise<ReadableStream<Uint8Array> | null>) => {
  const s = await p;
  return s ? (await readAll(s)).toString() : null;
};

/** What every store must do, whatever keeps the bytes. */
async function checkStoreContract(store: MediaStore) {
  const bytes = text('0123456789abcdefghij');
  const key = mediaKey(bytes);
  expect(key).toBe(createHash('sha256').update(bytes).digest('hex'));
  expect(await store.head(key)).toBeNull();
  expect(await store.stream(key)).toBeNull();
  await store.put(key, bytes, 'video/mp4');
  await store.put(key, bytes, 'video/mp4'); // the same bytes again: still one object
  expect(await store.head(key)).toEqual({ size: 20 });
  expect(await streamed(store.stream(key))).toBe('0123456789abcdefghij');
  expect(await streamed(store.stream(key, { start: 5, end: 9 }))).toBe('56789');
  expect(await streamed(store.stream(key, { start: 19, end: 19 }))).toBe('j');
  await store.delete(key);
  expect(await store.head(key)).toBeNull();
  await store.delete(key); // nothing to delete: no error
  // a key is a content address, never a path or another object's name
  await expect(store.put('../../etc/passwd', bytes, 'text/plain')).rejects.toThrow(/not a media key/);
  await expect(store.head(`${key.slice(0, 63)}/`)).rejects.toThrow(/not a media key/);
}

describe('the filesystem media store', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'media-store-test-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('keeps the MediaStore contract', async () => {
    await checkStoreContract(await createFsMediaStore({ dir: tempDir() }));
  });

  it('writes each object once, whole, under its content address, and leaves no temporary file', async () => {
    const dir = tempDir();
    const store = await createFsMediaStore({ dir });
    const bytes = randomBytes(256 * 1024);
    const key = mediaKey(bytes);
    await Promise.all([1, 2, 3, 4].map(() => store.put(key, bytes, 'image/png')));
    expect(readFileSync(join(dir, key.slice(0, 2), key)).equals(bytes)).toBe(true);
    expect(readdirSync(join(dir, key.slice(0, 2)))).toEqual([key]);
    expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
  });

  it('reads a large file in pieces as they are asked for, and closes it when the reader stops early', async () => {
    const store = await createFsMediaStore({ dir: tempDir() });
    const bytes = randomBytes(4 * 1024 * 1024);
    const key = mediaKey(bytes);
    await store.put(key, bytes, 'video/mp4');
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    const reader = (await store.stream(key, { start: 1_000_000, end: 3_999_999 }))!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeLessThanOrEqual(256 * 1024);
    expect(Buffer.from(first.value!).equals(bytes.subarray(1_000_000, 1_000_000 + first.value!.byteLength))).toBe(true);
    expect(openFiles()).toBe(before + 1);
    await reader.cancel();
    expect(openFiles()).toBe(before);
    // read to the end, the file is closed too
    await readAll((await store.stream(key))!);
    expect(openFiles()).toBe(before);
  });

  it('removes temporary files of writes a previous process did not finish', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.tmp'), { recursive: true });
    writeFileSync(join(dir, '.tmp', `${'a'.repeat(64)}.half`), 'half a file');
    await createFsMediaStore({ dir });
    expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
  });

  it('refuses a directory inside the project that is not under .data/ (a served or committed folder)', async () => {
    for (const dir of [join(PROJECT_ROOT, 'public', 'media'), join(PROJECT_ROOT, 'dist'), join(PROJECT_ROOT, 'src', 'x')]) {
      await expect(createFsMediaStore({ dir, projectRoot: PROJECT_ROOT })).rejects.toThrow(/not under its \.data/);
      expect(existsSync(dir) && readdirSync(dir).includes('.tmp')).toBe(false);
    }
  });

  it('the in-memory database gets a temporary directory, whatever S3 settings say, removed on close', async () => {
    const store = await mediaStoreFromEnv({ kind: 'memory' }, { S3_BUCKET: 'real-bucket', S3_REGION: 'eu-west-1' });
    expect(store.kind).toBe('fs');
    const bytes = text('temporary');
    await store.put(mediaKey(bytes), bytes, 'text/plain');
    expect(await store.head(mediaKey(bytes))).toEqual({ size: 9 });
    await store.close();
    expect(await store.head(mediaKey(bytes))).toBeNull();
  });

  it('S3 settings: any one turns the S3 store on, and an incomplete set is refused naming what is missing', () => {
    expect(s3SettingsFrom({})).toBeNull();
    expect(() => s3SettingsFrom({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('S3_BUCKET, S3_REGION missing');
    expect(() => s3SettingsFrom({ S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'k' })).toThrow('S3_SECRET_ACCESS_KEY missing');
    expect(s3SettingsFrom({ S3_BUCKET: 'b', S3_REGION: 'r', S3_ENDPOINT: 'http://h' })).toMatchObject({ bucket: 'b', region: 'r', endpoint: 'http://h' });
  });
});

/** A store that records what it is asked and hands out its bytes in 1 KB pieces, one piece per pull. */
function recordingStore(inner: MediaStore) {
  const calls: { op: string; key: string; range?: ByteRange }[] = [];
  let pulls = 0;
  const store: MediaStore = {
    kind: 'recording',
    put: (key, bytes, type) => inner.put(key, bytes, type),
    head: (key) => inner.head(key),
    delete: (key) => inner.delete(key),
    close: async () => {},
    async stream(key, range) {
      calls.push({ op: 'stream', key, range });
      const whole = await inner.stream(key, range);
      if (!whole) return null;
      const bytes = await readAll(whole);
      let at = 0;
      return new ReadableStream<Uint8Array>({
        pull(c) {
          pulls++;
          if (at >= bytes.length) return c.close();
          c.enqueue(new Uint8Array(bytes.subarray(at, at + 1024)));
          at += 1024;
        },
      }, { highWaterMark: 0 });
    },
  };
  return { store, calls, pulls: () => pulls };
}

describe('GET and HEAD /media/{file}', () => {
  const s = useTestServer({ reset: 'once' });
  const video = randomBytes(300 * 1024);
  let url = '';
  let userId = 0;

  beforeAll(async () => {
    const [u] = await s.db.select({ id: t.users.id }).from(t.users).limit(1);
    userId = u!.id;
    url = await s.db.transaction((tx) => storeMedia(tx, mediaFilesOf(s.db), { userId, contentType: 'video/mp4', bytes: video, now: T0 }));
  });

  const get = (headers: Record<string, string> = {}, method = 'GET') => s.app.request(url, { method, headers });

  it('sends the whole file with its type, length, byte ranges and immutable caching', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-length')).toBe(String(video.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(video)).toBe(true);
    const etag = res.headers.get('etag')!;
    expect((await get({ 'if-none-match': etag })).status).toBe(304);
  });

  it('answers a range from the middle with 206, Content-Range and only those bytes; suffix and open ranges too', async () => {
    const mid = await get({ range: 'bytes=150000-150999' });
    expect(mid.status).toBe(206);
    expect(mid.headers.get('content-range')).toBe(`bytes 150000-150999/${video.length}`);
    expect(mid.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await mid.arrayBuffer()).equals(video.subarray(150000, 151000))).toBe(true);

    const suffix = await get({ range: 'bytes=-100' });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${video.length - 100}-${video.length - 1}/${video.length}`);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(video.subarray(video.length - 100))).toBe(true);

    const open = await get({ range: `bytes=${video.length - 10}-` });
    expect(Buffer.from(await open.arrayBuffer()).equals(video.subarray(video.length - 10))).toBe(true);

    const past = await get({ range: `bytes=${video.length - 5}-${video.length + 500}` }); // the end is clipped
    expect(past.headers.get('content-range')).toBe(`bytes ${video.length - 5}-${video.length - 1}/${video.length}`);
    expect((await past.arrayBuffer()).byteLength).toBe(5);
  });

  it('answers 416 with the size for a range that starts past the end; ignores ranges it does not serve', async () => {
    for (const range of [`bytes=${video.length}-`, `bytes=${video.length + 5}-${video.length + 9}`, 'bytes=-0']) {
      const res = await get({ range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${video.length}`);
    }
    for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=9-3']) {
      const res = await get({ range });
      expect(res.status, range).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(video.length);
    }
  });

  it('HEAD gives the headers without a body and without reading the store', async () => {
    const original = mediaFilesOf(s.db).store;
    const rec = recordingStore(original);
    registerMediaStore(s.db, rec.store);
    try {
      const head = await get({}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(video.length));
      expect(head.headers.get('accept-ranges')).toBe('bytes');
      expect((await head.arrayBuffer()).byteLength).toBe(0);
      const part = await get({ range: 'bytes=10-19' }, 'HEAD');
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 10-19/${video.length}`);
      expect(part.headers.get('content-length')).toBe('10');
      expect(rec.calls).toEqual([]);
    } finally {
      registerMediaStore(s.db, original);
    }
  });

  it('asks the store for the requested range only and streams it: the first bytes go out before the rest is read', async () => {
    const original = mediaFilesOf(s.db).store;
    const rec = recordingStore(original);
    registerMediaStore(s.db, rec.store);
    try {
      const res = await get({ range: 'bytes=100000-199999' });
      expect(res.status).toBe(206);
      expect(rec.calls).toEqual([{ op: 'stream', key: mediaKey(video), range: { start: 100000, end: 199999 } }]);
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(first.value!.byteLength).toBeGreaterThan(0);
      // 100 KB is 98 pieces of 1 KB: the response had pulled only a few when its first bytes were read
      expect(rec.pulls()).toBeLessThan(10);
      const rest = await readAll(new ReadableStream({ pull: async (c) => { const r = await reader.read(); if (r.done) c.close(); else c.enqueue(r.value); } }));
      expect(Buffer.concat([first.value!, rest]).equals(video.subarray(100000, 200000))).toBe(true);
    } finally {
      registerMediaStore(s.db, original);
    }
  });

  it('is 404 when the row is gone or its object is missing from the store', async () => {
    expect((await s.app.request('/media/0123456789abcdef0123456789abcdef.mp4')).status).toBe(404);
    const bytes = randomBytes(64);
    const lost = await s.db.transaction((tx) => storeMedia(tx, mediaFilesOf(s.db), { userId, contentType: 'image/png', bytes, now: T0 }));
    await mediaFilesOf(s.db).store.delete(mediaKey(bytes));
    const res = await s.app.request(lost);
    expect(res.status).toBe(404);
  });
});

describe('objects shared by rows with the same bytes', () => {
  const s = useTestServer({ reset: 'once' });

  it('an object stays while any row names it, goes with the last one, and stays when the deletion rolls back', async () => {
    const [u] = await s.db.select({ id: t.users.id }).from(t.users).limit(1);
    const media = mediaFilesOf(s.db);
    const bytes = randomBytes(4096);
    const key = mediaKey(bytes);
    const store = (tx: Db) => storeMedia(tx, media, { userId: u!.id, contentType: 'image/png', bytes, now: T0 });
    const a = await s.db.transaction(store);
    const b = await s.db.transaction(store);
    expect(a).not.toBe(b); // ids are random, not the content address
    const rows = await s.db.select().from(t.mediaFiles).where(sql`${t.mediaFiles.storageKey} = ${key}`);
    expect(rows.map((r) => r.storageKey)).toEqual([key, key]);

    expect((await s.app.request(a)).status).toBe(200); // its row is now in the row cache
    await s.db.transaction((tx) => deleteMedia(tx, media, u!.id, [a]));
    await media.idle();
    expect(await media.store.head(key)).toEqual({ size: 4096 });
    expect((await s.app.request(a)).status).toBe(404);
    expect((await s.app.request(b)).status).toBe(200);

    await expect(
      s.db.transaction(async (tx) => {
        await deleteMedia(tx, media, u!.id, [b]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await media.idle();
    expect(await media.store.head(key)).toEqual({ size: 4096 });
    expect((await s.app.request(b)).status).toBe(200);

    await s.db.transaction((tx) => deleteMedia(tx, media, u!.id, [b]));
    await media.idle();
    expect(await media.store.head(key)).toBeNull();
  });
});

describe('the row cache of /media/{file}', () => {
  const s = useTestServer({ reset: 'once' });

  it('notices a deletion by another app server within MEDIA_ROW_TTL_MS, and a missing object at once', async () => {
    const [u] = await s.db.select({ id: t.users.id }).from(t.users).limit(1);
    const media = mediaFilesOf(s.db);
    let now = 1_000_000;
    media.now = () => now;
    try {
      const bytes = randomBytes(2048);
      const store = (tx: Db) => storeMedia(tx, media, { userId: u!.id, contentType: 'image/png', bytes, now: T0 });
      const [a, b] = [await s.db.transaction(store), await s.db.transaction(store)];
      expect((await s.app.request(a)).status).toBe(200);
      // another server deletes the row (its object stays: b names the same bytes)
      await s.db.delete(t.mediaFiles).where(sql`${t.mediaFiles.id} = ${a.slice(7, 39)}`);
      now += MEDIA_ROW_TTL_MS - 1;
      expect((await s.app.request(a)).status).toBe(200);
      now += 2;
      expect((await s.app.request(a)).status).toBe(404);
      // the object of a cached row disappears: 404 at once, and the row is read again next time
      expect((await s.app.request(b)).status).toBe(200);
      await media.store.delete(mediaKey(bytes));
      expect((await s.app.request(b)).status).toBe(404);
    } finally {
      media.now = () => performance.now();
    }
  });
});

describe('moving bytes kept inline in media_files (data_base64) into the store', () => {
  it('copies an old row into the store, names it by its content address and drops the column', async () => {
    const work = mkdtempSync(join(tmpdir(), 'media-move-test-'));
    const store = await createFsMediaStore({ dir: join(work, 'media') });
    // the migrations as they were before the media store: up to 0003
    const oldMigrations = join(work, 'migrations');
    cpSync(MIGRATIONS_FOLDER, oldMigrations, { recursive: true });
    const journal = JSON.parse(readFileSync(join(oldMigrations, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag <= '0003');
    writeFileSync(join(oldMigrations, 'meta', '_journal.json'), JSON.stringify(journal));

    const envUrl = process.env.DATABASE_URL;
    let target: { url?: string; dataDir?: string };
    let dropDatabase = async () => {};
    let runOld: (statements: (run: (q: string, params?: unknown[]) => Promise<unknown>) => Promise<void>) => Promise<void>;
    if (isPostgresUrl(envUrl)) {
      const name = `wordsmith_media_move_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: envUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(envUrl);
      u.pathname = `/${name}`;
      target = { url: u.toString() };
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: envUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      };
      runOld = async (statements) => {
        const { drizzle } = await import('drizzle-orm/node-postgres');
        const { migrate } = await import('drizzle-orm/node-postgres/migrator');
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        await migrate(drizzle({ client }), { migrationsFolder: oldMigrations });
        await statements((q, params) => client.query(q, params));
        await client.end();
      };
    } else {
      target = { dataDir: join(work, 'pglite') };
      runOld = async (statements) => {
        const { PGlite } = await import('@electric-sql/pglite');
        const { drizzle } = await import('drizzle-orm/pglite');
        const { migrate } = await import('drizzle-orm/pglite/migrator');
        const client = new PGlite(target.dataDir!);
        await migrate(drizzle({ client }), { migrationsFolder: oldMigrations });
        await statements((q, params) => client.query(q, params));
        await client.close();
      };
    }

    const png = randomBytes(50_000);
    const same = Buffer.from(png); // a second row with the same bytes
    const id = 'a'.repeat(32);
    try {
      await runOld(async (run) => {
        await run(`insert into users (name, email, password_hash, created_at, updated_at) values ('Old', 'old@example.com', 'x', now(), now())`);
        for (const [rowId, bytes] of [
          [id, png],
          ['b'.repeat(32), same],
        ] as const) {
          await run(
            `insert into media_files (id, user_id, content_type, data_base64, byte_length, created_at) values ($1, (select id from users limit 1), 'image/png', $2, $3, now())`,
            [rowId, bytes.toString('base64'), bytes.length],
          );
        }
      });
      expect(await store.head(mediaKey(png))).toBeNull();

      const opened = await openDb({ ...target, media: store });
      try {
        const columns = (await opened.db.execute(
          sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'media_files'`,
        )) as unknown as { rows: { column_name: string }[] };
        expect(columns.rows.map((r) => r.column_name)).not.toContain('data_base64');
        const rows = await opened.db.select().from(t.mediaFiles).orderBy(t.mediaFiles.id);
        expect(rows.map((r) => [r.id, r.storageKey, r.byteLength])).toEqual([
          [id, mediaKey(png), png.length],
          ['b'.repeat(32), mediaKey(png), png.length],
        ]);
        expect((await readAll((await store.stream(mediaKey(png)))!)).equals(png)).toBe(true);

        const app = createApp({ db: opened.db, clock: { now: () => new Date() }, config: { devRoutes: false, aiPaceMs: 0, env: {} } });
        const res = await app.request(`/media/${id}.png`, { headers: { range: 'bytes=100-199' } });
        expect(res.status).toBe(206);
        expect(Buffer.from(await res.arrayBuffer()).equals(png.subarray(100, 200))).toBe(true);
      } finally {
        await opened.close();
      }
      // a second start finds nothing left to move
      const again = await openDb({ ...target, media: await createFsMediaStore({ dir: join(work, 'media') }) });
      await again.close();
    } finally {
      await dropDatabase();
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the S3-compatible media store (s3rver on loopback)', () => {
  const s = useTestServer({ reset: 'once' });
  let server: S3rver;
  let store: MediaStore;
  let dir = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 's3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'wordsmith-media' }] });
    const { port } = await server.run();
    store = createS3MediaStore({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'wordsmith-media',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
  });
  afterAll(async () => {
    await store?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the MediaStore contract', async () => {
    await checkStoreContract(store);
  });

  it('keeps objects under the prefix in the bucket', async () => {
    const bytes = text('where is it');
    await store.put(mediaKey(bytes), bytes, 'text/plain');
    const found = readdirSync(join(dir, 'wordsmith-media', 'media'));
    expect(found.some((f) => f.startsWith(mediaKey(bytes)))).toBe(true);
  });

  it('serves /media/{file} from the bucket: a stored video, a range from its middle, HEAD, deletion', async () => {
    const app = createApp({ db: s.db, clock: s.clock, media: store, config: { devRoutes: false, aiPaceMs: 0, env: {} } });
    const original = mediaFilesOf(s.db).store;
    try {
      const [u] = await s.db.select({ id: t.users.id }).from(t.users).limit(1);
      const video = randomBytes(2 * 1024 * 1024);
      const media = mediaFilesOf(s.db);
      expect(media.store).toBe(store);
      const url = await s.db.transaction((tx) => storeMedia(tx, media, { userId: u!.id, contentType: 'video/mp4', bytes: video, now: T0 }));
      expect(await store.head(mediaKey(video))).toEqual({ size: video.length });

      const mid = await app.request(url, { headers: { range: 'bytes=1048576-1049599' } });
      expect(mid.status).toBe(206);
      expect(mid.headers.get('content-range')).toBe(`bytes 1048576-1049599/${video.length}`);
      expect(Buffer.from(await mid.arrayBuffer()).equals(video.subarray(1048576, 1049600))).toBe(true);
      const head = await app.request(url, { method: 'HEAD' });
      expect(head.headers.get('content-length')).toBe(String(video.length));
      const whole = await app.request(url);
      expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

      await s.db.transaction((tx) => deleteMedia(tx, media, u!.id, [url]));
      await media.idle();
      expect(await store.head(mediaKey(video))).toBeNull();
      expect((await app.request(url)).status).toBe(404);
    } finally {
      registerMediaStore(s.db, original);
    }
  });
});
