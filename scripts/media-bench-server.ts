/**
 * The server side of scripts/media-bench.ts: the reference backend on loopback (an in-memory database, so its
 * media store is the filesystem store in a temporary directory) with one 20 MB video and 100 generated PNG images
 * stored through the same path the app uses (storeMedia). Prints one JSON line — the port and the media paths —
 * and serves until it is stopped (SIGTERM / SIGINT), then removes its files.
 *   node --import tsx scripts/media-bench-server.ts [--port 4395]
 */
import { serve } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import { createApp } from '../server/app';
import { openDb } from '../server/db/client';
import * as t from '../server/db/schema';
import { parseRequestedSize, renderImage } from '../server/media/image-renderer';
import { mediaFilesOf, storeMedia } from '../server/media/store';
import { seed } from '../server/seed/index';

const portArg = process.argv.indexOf('--port');
const port = portArg >= 0 ? Number(process.argv[portArg + 1]) : 4395;
const VIDEO_BYTES = 20 * 1024 * 1024;
const IMAGES = 100;

const opened = await openDb({ url: 'memory://' });
const now = new Date();
await seed(opened.db, now);
const [user] = await opened.db.select({ id: t.users.id }).from(t.users).limit(1);
const media = mediaFilesOf(opened.db);
// random bytes: a video does not compress, and no two stored files share an object
const video = await opened.db.transaction((tx) => storeMedia(tx, media, { userId: user!.id, contentType: 'video/mp4', bytes: randomBytes(VIDEO_BYTES), now }));
const images: string[] = [];
for (let i = 0; i < IMAGES; i++) {
  // the gallery's square image as the generator stores it
  const png = renderImage(`media bench ${i}`, parseRequestedSize('1024x1024', '1:1')).full.png;
  images.push(await opened.db.transaction((tx) => storeMedia(tx, media, { userId: user!.id, contentType: 'image/png', bytes: png, now })));
}
const app = createApp({ db: opened.db, clock: { now: () => new Date() }, config: { devRoutes: false, aiPaceMs: 0, env: {} } });
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => {
  console.log(JSON.stringify({ port, video, videoBytes: VIDEO_BYTES, images, store: media.store.kind }));
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  await opened.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
