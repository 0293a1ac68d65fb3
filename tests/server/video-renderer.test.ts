/**
 * The reference video renderer's line: at most VIDEO_RENDER_CONCURRENCY ffmpeg processes at once, the rest
 * wait for a slot and then render as usual (server/media/video-renderer.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_RENDER_CONCURRENCY, renderVideo, videoRenderQueue } from '@server/media/video-renderer';
import { fakeFfmpeg, removeFakeFfmpegs } from './fake-ffmpeg';

afterEach(removeFakeFfmpegs);

describe('renders wait in line', () => {
  it(`at most ${VIDEO_RENDER_CONCURRENCY} ffmpeg processes run at once; the others start when a slot frees and still render`, async () => {
    expect(VIDEO_RENDER_CONCURRENCY).toBe(2);
    const ffmpeg = fakeFfmpeg({ gated: true });
    const renders = [0, 1, 2].map((i) => renderVideo({ seed: `line ${i}`, aspectRatio: '1:1', durationSec: 1, ffmpegPath: ffmpeg.bin }));
    // Each render first makes its temp folder (async file work), so the third may join the line a moment after
    // the first two have started ffmpeg: wait until all three are in the line (CI once caught it at waiting: 0).
    await vi.waitFor(
      () => {
        expect(ffmpeg.started()).toBe(2);
        expect(videoRenderQueue()).toEqual({ running: 2, waiting: 1 });
      },
      { timeout: 30_000, interval: 20 },
    );

    ffmpeg.open();
    const videos = await Promise.all(renders);
    expect(ffmpeg.started()).toBe(3);
    for (const v of videos) expect(v.mp4.toString('ascii', 4, 8)).toBe('ftyp');
    expect(videoRenderQueue()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);
});
