/**
 * The reference video renderer: a REAL MP4 (H.264, yuv420p, +faststart) and a JPEG thumbnail made by
 * ffmpeg in a child process with a timeout. There is no video model in the reference backend:
 *  - text types: an animated gradient (lavfi `gradients`) whose colours come from a hash of the prompt;
 *  - image types with an image we hold (the user's gallery image or an uploaded one): a slow zoom over it.
 * Size: the requested aspect ratio (02 §9 default 9:16) at VIDEO_LONG_SIDE px on the long side, 24 fps.
 *
 * ffmpeg comes from the system (Debian package `ffmpeg`; FFMPEG_PATH overrides the binary). When it is
 * missing the render fails with a clear VideoRenderError and the video ends as failed (status 5): the
 * product never pretends a video exists.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';

export const VIDEO_LONG_SIDE = 640;
export const VIDEO_FPS = 24;
/** Rendering a few seconds takes well under a second here; a stuck ffmpeg is killed after this. */
export const VIDEO_RENDER_TIMEOUT_MS = 60_000;

/**
 * ffmpeg runs at this niceness (Unix nice value, 0 = normal, 19 = lowest): a render is background work and
 * takes a core for seconds; the API's own requests must not wait behind it.
 */
export const VIDEO_RENDER_NICENESS = 10;
/**
 * At most this many ffmpeg renders run at once in one server process (the render jobs' worker concurrency,
 * server/services/video-jobs.ts); more wait as jobs in the database for a free worker, first come, first served.
 * x264 uses every core it is given: without a limit, many users starting videos together would start as many
 * encoders and starve the API and each other; in line, each finishes sooner than it would sharing.
 */
export const VIDEO_RENDER_CONCURRENCY = 2;

export class VideoRenderError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'failed' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'VideoRenderError';
  }
}

/** User-facing texts of a failed render (shown as the video's error_message, 02 §8 "cleaned error message"). */
export const RENDER_MESSAGES = {
  unavailable: 'Video rendering is unavailable on this server (ffmpeg is not installed).',
  failed: 'An error occurred while processing your video',
  timeout: 'Video rendering took too long and was stopped.',
} as const;

export interface RenderVideoInput {
  seed: string;
  /** e.g. '9:16', '16:9', '1:1' */
  aspectRatio: string;
  durationSec: number;
  /** A still to animate (image-to-video types). */
  image?: { bytes: Uint8Array; contentType: string };
  ffmpegPath?: string;
  timeoutMs?: number;
}

export interface RenderedVideo {
  mp4: Buffer;
  thumbnail: Buffer;
  thumbnailType: 'image/jpeg';
  width: number;
  height: number;
  durationSec: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Pixel size for an aspect ratio label at VIDEO_LONG_SIDE on the long side (even numbers, as yuv420p needs). */
export function videoSize(aspectRatio: string): { width: number; height: number } {
  const m = /^\s*(\d{1,3})\s*:\s*(\d{1,3})\s*$/.exec(aspectRatio);
  const w = m ? Number(m[1]) : 9;
  const h = m ? Number(m[2]) : 16;
  if (!(w > 0 && h > 0)) return { width: 360, height: 640 };
  return w >= h
    ? { width: VIDEO_LONG_SIDE, height: even((VIDEO_LONG_SIDE * h) / w) }
    : { width: even((VIDEO_LONG_SIDE * w) / h), height: VIDEO_LONG_SIDE };
}

function hex(buf: Buffer, i: number) {
  return `0x${buf.subarray(i, i + 3).toString('hex')}`;
}

function run(bin: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(bin, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 4 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (!err) return resolve();
      const e = err as NodeJS.ErrnoException & { killed?: boolean };
      if (e.code === 'ENOENT') return reject(new VideoRenderError('unavailable', RENDER_MESSAGES.unavailable));
      if (e.killed) return reject(new VideoRenderError('timeout', RENDER_MESSAGES.timeout));
      // ffmpeg's own stderr is for the server log only (it may name temp paths).
      console.error(`[video] ffmpeg failed: ${String(stderr).split('\n').slice(-4).join(' | ')}`);
      reject(new VideoRenderError('failed', RENDER_MESSAGES.failed));
    });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, VIDEO_RENDER_NICENESS);
      } catch {
        // not permitted here (or the process already ended): it renders at normal priority
      }
    }
  });
}

export async function renderVideo(input: RenderVideoInput): Promise<RenderedVideo> {
  const bin = input.ffmpegPath ?? process.env.FFMPEG_PATH ?? 'ffmpeg';
  const durationSec = Math.max(1, Math.min(60, Math.round(input.durationSec)));
  const { width, height } = videoSize(input.aspectRatio);
  const h = createHash('sha256').update(input.seed).digest();
  const dir = await mkdtemp(join(tmpdir(), 'wordsmith-video-'));
  try {
    const out = join(dir, 'out.mp4');
    const thumb = join(dir, 'thumb.jpg');
    let args: string[];
    if (input.image) {
      const src = join(dir, input.image.contentType === 'image/png' ? 'in.png' : 'in.img');
      await writeFile(src, input.image.bytes);
      const frames = durationSec * VIDEO_FPS;
      // A slow zoom towards the centre (Ken Burns), 1.0 → 1.2 over the whole clip.
      const chain =
        `scale=${width * 2}:${height * 2}:force_original_aspect_ratio=increase,crop=${width * 2}:${height * 2},` +
        `zoompan=z='1+0.2*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${width}x${height}:fps=${VIDEO_FPS},format=yuv420p`;
      args = ['-loop', '1', '-framerate', String(VIDEO_FPS), '-t', String(durationSec), '-i', src, '-filter_complex', `[0:v]${chain},split=2[v][t]`];
    } else {
      const speed = (0.01 + (h[9]! / 255) * 0.03).toFixed(3);
      const source =
        `gradients=s=${width}x${height}:c0=${hex(h, 0)}:c1=${hex(h, 3)}:c2=${hex(h, 6)}:nb_colors=3:` +
        `speed=${speed}:d=${durationSec}:r=${VIDEO_FPS}:seed=${h.readUInt32BE(12)}`;
      args = ['-f', 'lavfi', '-i', source, '-filter_complex', '[0:v]format=yuv420p,split=2[v][t]'];
    }
    args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-y',
      ...args,
      '-map',
      '[v]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '28',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-t',
      String(durationSec),
      out,
      '-map',
      '[t]',
      '-frames:v',
      '1',
      '-q:v',
      '4',
      thumb,
    ];
    await run(bin, args, input.timeoutMs ?? VIDEO_RENDER_TIMEOUT_MS);
    const [mp4, thumbnail] = await Promise.all([readFile(out), readFile(thumb)]);
    if (mp4.length < 32 || mp4.toString('ascii', 4, 8) !== 'ftyp') throw new VideoRenderError('failed', RENDER_MESSAGES.failed);
    return { mp4, thumbnail, thumbnailType: 'image/jpeg', width, height, durationSec };
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
