/**
 * Image generation on the reference backend (02 §3 Generated image, §4 Image generation, §5, §7, §8):
 * real PNG bytes at the requested ratio served from /media/{file}, metering (free: images; paid: credits by
 * the model's source), the refusals of 02 §8, the gallery list and delete, and owner-only access.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './harness';
import { PNG_SIGNATURE, pngSize } from '@server/media/png';
import { IMAGE_LIMIT_MESSAGE } from '@server/services/image-allowance';
import { IMAGE_MESSAGES } from '@machines/constants';

const s = useTestServer();

async function details(token: string) {
  const r = await s.call('GET', '/api/subscription/details', { token });
  expect(r.status).toBe(200);
  return r.body.data;
}
const creditsLeft = (d: any) => d.plan.total_plan_credits + d.total_add_on_credits + d.earned_bonus - d.plan_total_credit_usage;

/** Fetches a media URL through the app (same origin) and returns status, headers and bytes. */
async function media(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const u = new URL(url);
  const res = await s.app.request(u.pathname, { method, headers });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('POST /api/image-generation-new/generate-image', () => {
  it('makes a real PNG at the requested ratio plus a smaller compressed PNG, served from unguessable URLs', async () => {
    const token = await s.login('plus@demo.test');
    const r = await s.call('POST', '/api/image-generation-new/generate-image', {
      token,
      body: { prompt: 'A lighthouse at dawn', aspectRatio: '1792x1024', display_ratio: '16:9', quality: 'HD', model: 'Model A' },
    });
    expect(r.status).toBe(200);
    const img = r.body.data;
    expect(img).toMatchObject({ prompt_text: 'A lighthouse at dawn', ratio: '1792x1024', display_ratio: '16:9', quality: 'HD', is_remix: 0, is_bg_removed: 0, credit_usage: 1 });
    expect(img.image_url).toMatch(/^http:\/\/localhost\/media\/[0-9a-f]{32}\.png$/);
    expect(img.compressed_image_url).toMatch(/^http:\/\/localhost\/media\/[0-9a-f]{32}\.png$/);

    const full = await media(img.image_url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(full.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(Buffer.from(full.bytes.subarray(0, 8)).equals(PNG_SIGNATURE)).toBe(true);
    const size = pngSize(full.bytes)!;
    expect(Math.max(size.width, size.height)).toBe(512);
    expect(size.width / size.height).toBeCloseTo(1792 / 1024, 1);

    const small = await media(img.compressed_image_url);
    const smallSize = pngSize(small.bytes)!;
    expect(smallSize.width).toBeLessThan(size.width);
    expect(smallSize.width / smallSize.height).toBeCloseTo(1792 / 1024, 1);
    expect(small.bytes.length).toBeLessThan(full.bytes.length);
  });

  it('portrait and ratio-only requests keep their ratio; unknown sizes fall back to 1:1', async () => {
    const token = await s.login('plus@demo.test');
    const portrait = (await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'tall tower', aspectRatio: '1024x1792' } })).body.data;
    expect(pngSize((await media(portrait.image_url)).bytes)).toEqual({ width: 293, height: 512 });
    const ratioOnly = (await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'wide field', display_ratio: '9:16' } })).body.data;
    expect(ratioOnly).toMatchObject({ ratio: '576x1024', display_ratio: '9:16' });
    const square = (await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'a square' } })).body.data;
    expect(square).toMatchObject({ ratio: '1024x1024', display_ratio: '1:1' });
    expect(pngSize((await media(square.image_url)).bytes)).toEqual({ width: 512, height: 512 });
  });

  it('the picture follows the prompt: the same first request gives the same picture, a new prompt another', async () => {
    const a = await s.login('plus@demo.test');
    const b = await s.login('pro@demo.test');
    const first = (await s.call('POST', '/api/image-generation-new/generate-image', { token: a, body: { prompt: 'red fox' } })).body.data;
    const same = (await s.call('POST', '/api/image-generation-new/generate-image', { token: b, body: { prompt: 'red fox' } })).body.data;
    const other = (await s.call('POST', '/api/image-generation-new/generate-image', { token: b, body: { prompt: 'blue whale' } })).body.data;
    const again = (await s.call('POST', '/api/image-generation-new/generate-image', { token: a, body: { prompt: 'red fox' } })).body.data;
    const bytes = async (x: any) => Buffer.from((await media(x.image_url)).bytes).toString('base64');
    expect(await bytes(first)).toBe(await bytes(same));
    expect(await bytes(first)).not.toBe(await bytes(other));
    // regenerating the same prompt is a new variation
    expect(await bytes(first)).not.toBe(await bytes(again));
  });

  it('paid plans pay the credit matrix rate of the model source (Model A 1, B 2, C 4 credits)', async () => {
    const token = await s.login('plus@demo.test');
    const before = creditsLeft(await details(token));
    const costs: number[] = [];
    for (const model of ['Model A', 'Model B', 'Model C']) {
      const r = await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: `cost of ${model}`, model } });
      expect(r.status).toBe(200);
      costs.push(r.body.data.credit_usage);
    }
    expect(costs).toEqual([1, 2, 4]);
    expect(creditsLeft(await details(token))).toBe(before - 7);
    const history = await s.call('GET', '/api/credits/histroy', { token });
    expect(history.status).toBe(200);
  });

  it("free plan: counts one image per generation; quality 'Standard' or none becomes 'Medium'; HD is refused", async () => {
    const token = await s.login('free@demo.test');
    const before = (await details(token)).user_subscription.image_usage;
    const std = await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'a free picture', quality: 'Standard' } });
    expect(std.status).toBe(200);
    expect(std.body.data).toMatchObject({ quality: 'Medium', credit_usage: 0 });
    const none = await s.call('POST', '/api/ImgGenerate', { token, body: { prompt: 'another free picture' } });
    expect(none.body.data.quality).toBe('Medium');
    expect((await details(token)).user_subscription.image_usage).toBe(before + 2);
    const hd = await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'hd please', quality: 'HD' } });
    expect(hd.status).toBe(403);
    expect(hd.body).toMatchObject({ type: 'upgrade' });
    expect((await details(token)).user_subscription.image_usage).toBe(before + 2);
  });

  it("free plan at its image limit: 403 with a message containing 'limit'; nothing is stored", async () => {
    const token = await s.login('free-images-out@demo.test');
    const r = await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'one more' } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: IMAGE_LIMIT_MESSAGE, type: 'Image Limit' });
    expect(r.body.message).toMatch(/limit/);
    expect((await s.call('GET', '/api/getImgList', { token })).body.total).toBe(0);
  });

  it("paid plan without credits: 455 'Insufficient credits to perform this request' type upgrade", async () => {
    const token = await s.login('credits-out@demo.test');
    for (const path of ['/api/image-generation-new/generate-image', '/api/ImgGenerate']) {
      const r = await s.call('POST', path, { token, body: { prompt: 'no credits' } });
      expect(r.status).toBe(455);
      expect(r.body).toEqual({ message: IMAGE_MESSAGES.insufficientCredits, type: 'upgrade' });
    }
    expect((await s.call('GET', '/api/getImgList', { token })).body.total).toBe(0);
  });

  it('an inactive subscription is refused (type upgrade)', async () => {
    const token = await s.login('expired@demo.test');
    const r = await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'expired' } });
    expect(r.status).toBe(403);
    expect(r.body.type).toBe('upgrade');
  });

  it('validation and sign-in: 422 without a prompt, 401 without a token', async () => {
    const token = await s.login('plus@demo.test');
    const bad = await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: '' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.prompt).toBeDefined();
    expect((await s.call('POST', '/api/image-generation-new/generate-image', { body: { prompt: 'x' } })).status).toBe(401);
  });
});

describe('POST /api/ImgGenerate (example prompts, remix)', () => {
  it('records the example prompt and the options; a remix points at its source and cannot be remixed again', async () => {
    const token = await s.login('pro@demo.test');
    const src = (
      await s.call('POST', '/api/ImgGenerate', {
        token,
        body: { prompt: 'A cosy cabin', image_prompt_id: 12, size: 'Square', size_id: 1, quality: 'Standard', style: 'General', style_id: 3, model: 'Model A', ratio: '1:1' },
      })
    ).body.data;
    expect(src).toMatchObject({ from_example: 1, image_prompt_id: 12, style: 'General', style_id: 3, size: 'Square', size_id: 1, display_ratio: '1:1', type: 'example' });
    const remix = await s.call('POST', '/api/ImgGenerate', { token, body: { prompt: 'A cosy cabin in snow', is_remix: 1, image_id: src.id } });
    expect(remix.status).toBe(200);
    expect(remix.body.data).toMatchObject({ is_remix: 1, display_ratio: '1:1' });
    const list = (await s.call('GET', '/api/getImgList', { token })).body.data;
    const parent = list.find((i: any) => i.id === src.id);
    expect(parent.remix_generations.map((g: any) => g.id)).toEqual([remix.body.data.id]);
    const again = await s.call('POST', '/api/ImgGenerate', { token, body: { prompt: 'remix of a remix', is_remix: 1, image_id: remix.body.data.id } });
    expect(again.status).toBe(400);
    const other = await s.login('plus@demo.test');
    expect((await s.call('POST', '/api/ImgGenerate', { token: other, body: { prompt: 'steal', is_remix: 1, image_id: src.id } })).status).toBe(404);
  });
});

describe('gallery images: list, delete, access', () => {
  it('lists newest first, 30 a page, only the owner\'s images', async () => {
    const token = await s.login('plus@demo.test');
    for (let i = 1; i <= 3; i++) {
      s.clock.advance(1000);
      expect((await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: `picture ${i}` } })).status).toBe(200);
    }
    const page = await s.call('GET', '/api/getImgList?paginate=2&page=1', { token });
    expect(page.body).toMatchObject({ current_page: 1, last_page: 2, total: 3 });
    expect(page.body.data.map((i: any) => i.prompt_text)).toEqual(['picture 3', 'picture 2']);
    const page2 = await s.call('GET', '/api/getImgList?paginate=2&page=2', { token });
    expect(page2.body.data.map((i: any) => i.prompt_text)).toEqual(['picture 1']);
    expect((await s.call('GET', '/api/getImgList', { token })).body.per_page).toBe(30);
    const other = await s.login('pro@demo.test');
    expect((await s.call('GET', '/api/getImgList', { token: other })).body.total).toBe(0);
  });

  it('delete removes the record and its files; another user gets 404', async () => {
    const token = await s.login('plus@demo.test');
    const img = (await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'to delete' } })).body.data;
    const other = await s.login('pro@demo.test');
    expect((await s.call('DELETE', `/api/delImage/${img.id}`, { token: other })).status).toBe(404);
    expect((await media(img.image_url)).status).toBe(200);
    const del = await s.call('DELETE', `/api/delImage/${img.id}`, { token });
    expect(del.status).toBe(200);
    expect((await media(img.image_url)).status).toBe(404);
    expect((await media(img.compressed_image_url)).status).toBe(404);
    expect((await s.call('DELETE', `/api/delImage/${img.id}`, { token })).status).toBe(404);
  });
});

describe('GET /media/{file}', () => {
  it('is public by unguessable id: 304 on the ETag, HEAD without a body, ranges, 404 for unknown or malformed ids', async () => {
    const token = await s.login('plus@demo.test');
    const img = (await s.call('POST', '/api/image-generation-new/generate-image', { token, body: { prompt: 'cache me' } })).body.data;
    const first = await media(img.image_url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await media(img.image_url, { 'if-none-match': etag })).status).toBe(304);
    const head = await media(img.image_url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(head.bytes.length).toBe(0);
    const part = await media(img.image_url, { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${first.bytes.length}`);
    expect(Buffer.from(part.bytes).equals(PNG_SIGNATURE)).toBe(true);
    expect((await media(img.image_url, { range: `bytes=${first.bytes.length + 5}-` })).status).toBe(416);
    expect((await s.app.request('/media/0123456789abcdef0123456789abcdef.png')).status).toBe(404);
    expect((await s.app.request('/media/../../etc/passwd')).status).toBe(404);
    expect((await s.app.request('/media/1')).status).toBe(404);
  });
});
