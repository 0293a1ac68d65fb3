/**
 * The reference video renderer (server/media/video-renderer.ts): one ffmpeg run per render, a real MP4 and a JPEG
 * thumbnail, and a clear VideoRenderError when ffmpeg is missing or fails. How many renders run at once is the
 * render jobs' worker concurrency (tests/server/video-render-jobs.test.ts), not the renderer's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RENDER_MESSAGES, VideoRenderError, renderVideo } from '@server/media/video-renderer';
import { fakeFfmpeg, removeFakeFfmpegs } from './fake-ffmpeg';

afterEach(removeFakeFfmpegs);

describe('renderVideo', () => {
  it('runs ffmpeg once and answers an MP4 and a JPEG thumbnail at the aspect ratio', async () => {
    const ffmpeg = fakeFfmpeg();
    const video = await renderVideo({ seed: 'one render', aspectRatio: '1:1', durationSec: 1, ffmpegPath: ffmpeg.bin });
    expect(ffmpeg.started()).toBe(1);
    expect(video.mp4.toString('ascii', 4, 8)).toBe('ftyp');
    expect([video.thumbnail[0], video.thumbnail[1]]).toEqual([0xff, 0xd8]);
    expect(video).toMatchObject({ width: 640, height: 640, durationSec: 1, thumbnailType: 'image/jpeg' });
  }, 60_000);

  it('a missing ffmpeg and a failing one end in VideoRenderError with the clear messages', async () => {
    const missing = await renderVideo({ seed: 'x', aspectRatio: '9:16', durationSec: 1, ffmpegPath: '/nonexistent/ffmpeg' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(VideoRenderError);
    expect(missing).toMatchObject({ reason: 'unavailable', message: RENDER_MESSAGES.unavailable });
    const failing = fakeFfmpeg({ failing: true });
    const failed = await renderVideo({ seed: 'x', aspectRatio: '9:16', durationSec: 1, ffmpegPath: failing.bin }).catch((e: unknown) => e);
    expect(failing.started()).toBe(1);
    expect(failed).toMatchObject({ reason: 'failed', message: RENDER_MESSAGES.failed });
  });
});
