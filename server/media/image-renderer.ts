/**
 * The reference image renderer: a deterministic abstract picture derived from a hash of the prompt
 * (and the options that change the result), at the requested aspect ratio. There is no image model in
 * the reference backend; the picture is a real PNG so every consumer (gallery, viewer, download,
 * HEAD check, image-to-video) works on real bytes.
 *
 * Sizes (02 §3 "Aspect ratio presets"): the requested pixels (e.g. 1024x1024, 1792x1024, 1024x1792,
 * 1536x1024) keep their ratio but are rendered at RENDER_LONG_SIDE px on the long side (the full size
 * would only make the database larger); the compressed version is COMPRESSED_LONG_SIDE px.
 */
import { createHash } from 'node:crypto';
import { encodePng } from './png';

export const RENDER_LONG_SIDE = 512;
export const COMPRESSED_LONG_SIDE = 256;

/** 02 §3 Aspect ratio presets: ratio → pixels. */
export const ASPECT_RATIO_PRESETS: Record<string, { name: string; width: number; height: number }> = {
  '1:1': { name: 'Square', width: 1024, height: 1024 },
  '2:3': { name: 'Portrait', width: 683, height: 1024 },
  '3:2': { name: 'Landscape', width: 1024, height: 683 },
  '3:4': { name: 'Standard Portrait', width: 768, height: 1024 },
  '4:3': { name: 'Standard Landscape', width: 1024, height: 768 },
  '9:16': { name: 'Mobile Portrait', width: 576, height: 1024 },
  '16:9': { name: 'Widescreen', width: 1024, height: 576 },
  '9:21': { name: 'Ultra Portrait', width: 439, height: 1024 },
  '21:9': { name: 'Ultra Widescreen', width: 1024, height: 439 },
};

export interface RequestedSize {
  /** e.g. '1024x1024' (the pixels asked for) */
  pixels: string;
  /** e.g. '1:1' */
  ratio: string;
  width: number;
  height: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A ratio label for pixels: a preset's label when it matches within 1 %, else the reduced fraction. */
export function ratioLabel(width: number, height: number): string {
  for (const [label, p] of Object.entries(ASPECT_RATIO_PRESETS))
    if (Math.abs(p.width / p.height - width / height) < 0.01) return label;
  const g = gcd(width, height);
  return `${width / g}:${height / g}`;
}

/**
 * The size asked for: `pixels` like '1792x1024' wins; else a ratio like '16:9' (a preset, or any
 * W:H scaled to 1024 on the long side); else the square default (02 §9 default ratio 1:1).
 */
export function parseRequestedSize(pixels?: string | null, ratio?: string | null): RequestedSize {
  const px = pixels ? /^\s*(\d{2,5})\s*[x×*]\s*(\d{2,5})\s*$/i.exec(pixels) : null;
  if (px) {
    const width = Math.min(8192, Number(px[1]));
    const height = Math.min(8192, Number(px[2]));
    if (width > 0 && height > 0) return { pixels: `${width}x${height}`, ratio: ratio?.trim() || ratioLabel(width, height), width, height };
  }
  const r = ratio ? /^\s*(\d{1,3})\s*:\s*(\d{1,3})\s*$/.exec(ratio) : null;
  if (r && Number(r[1]) > 0 && Number(r[2]) > 0) {
    const label = `${Number(r[1])}:${Number(r[2])}`;
    const preset = ASPECT_RATIO_PRESETS[label];
    const w = Number(r[1]);
    const h = Number(r[2]);
    const width = preset?.width ?? (w >= h ? 1024 : Math.round((1024 * w) / h));
    const height = preset?.height ?? (h >= w ? 1024 : Math.round((1024 * h) / w));
    return { pixels: `${width}x${height}`, ratio: label, width, height };
  }
  return { pixels: '1024x1024', ratio: '1:1', width: 1024, height: 1024 };
}

/** Scales a size so its long side is `longSide` (never up-scales below 16 px on the short side). */
export function scaledSize(width: number, height: number, longSide: number): { width: number; height: number } {
  const k = longSide / Math.max(width, height);
  return { width: Math.max(16, Math.round(width * k)), height: Math.max(16, Math.round(height * k)) };
}

type Rgb = [number, number, number];

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** '#aabbcc' / 'aabbcc' / '#abc' → RGB, or null. */
export function parseHexColor(value: string | null | undefined): Rgb | null {
  const m = value ? /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim()) : null;
  if (!m) return null;
  const hex = m[1]!.length === 3 ? m[1]!.replace(/./g, (ch) => ch + ch) : m[1]!;
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
}

export interface RenderImageInput {
  /** The text the picture is derived from (prompt + options that change the result). */
  seed: string;
  width: number;
  height: number;
  /** Brand colours (primary, secondary, tertiary), used instead of the derived palette when given. */
  colors?: (string | null | undefined)[];
}

/** RGB pixels of the abstract picture for a seed, at width × height. */
export function renderPixels(input: RenderImageInput): Uint8Array {
  const { width, height } = input;
  const h = createHash('sha256').update(input.seed).digest();
  const byte = (i: number) => h[i % h.length]! / 255;
  const baseHue = byte(0);
  const derived: Rgb[] = [
    hslToRgb(baseHue, 0.55 + 0.35 * byte(1), 0.25 + 0.2 * byte(2)),
    hslToRgb((baseHue + 0.33 + 0.2 * byte(3)) % 1, 0.6 + 0.3 * byte(4), 0.5 + 0.2 * byte(5)),
    hslToRgb((baseHue + 0.6 + 0.2 * byte(6)) % 1, 0.7 + 0.3 * byte(7), 0.6 + 0.25 * byte(8)),
  ];
  const palette = derived.map((c, i) => parseHexColor(input.colors?.[i]) ?? c) as [Rgb, Rgb, Rgb];
  const angle = byte(9) * Math.PI * 2;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const blobs = Array.from({ length: 4 + (h[10]! % 4) }, (_, i) => ({
    x: byte(11 + i * 3),
    y: byte(12 + i * 3),
    r: 0.12 + 0.3 * byte(13 + i * 3),
    c: palette[(i + 1) % 3]!,
  }));
  const waveFreq = 3 + 9 * byte(30);
  const wavePhase = byte(31) * Math.PI * 2;
  const aspect = width / height;

  // Everything separable is precomputed per column and per row (the blobs' Gaussians factor into
  // exp(-dx²/r²)·exp(-dy²/r²), the wave's sine into sin·cos terms), so a pixel is a few multiplications.
  const us = Float64Array.from({ length: width }, (_, x) => x / (width - 1 || 1));
  const vs = Float64Array.from({ length: height }, (_, y) => y / (height - 1 || 1));
  const blobX = blobs.map((bl) => us.map((u) => Math.exp(-(((u - bl.x) * aspect) ** 2) / (bl.r * bl.r))));
  const blobY = blobs.map((bl) => vs.map((v) => Math.exp(-((v - bl.y) ** 2) / (bl.r * bl.r))));
  const k = waveFreq * Math.PI;
  const sinX = us.map((u) => Math.sin(u * ca * k + wavePhase));
  const cosX = us.map((u) => Math.cos(u * ca * k + wavePhase));
  const sinY = vs.map((v) => Math.sin(v * sa * k));
  const cosY = vs.map((v) => Math.cos(v * sa * k));
  const [p0, p1] = palette;

  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const v = vs[y]!;
    for (let x = 0; x < width; x++) {
      const u = us[x]!;
      // background: a linear gradient along the derived angle
      const g = Math.min(1, Math.max(0, 0.5 + ((u - 0.5) * ca * aspect + (v - 0.5) * sa) * 0.9));
      let r = p0[0] + (p1[0] - p0[0]) * g;
      let gg = p0[1] + (p1[1] - p0[1]) * g;
      let b = p0[2] + (p1[2] - p0[2]) * g;
      // soft blobs
      for (let i = 0; i < blobs.length; i++) {
        const c = blobs[i]!.c;
        const w = blobX[i]![x]! * blobY[i]![y]! * 0.8;
        r += (c[0] - r) * w;
        gg += (c[1] - gg) * w;
        b += (c[2] - b) * w;
      }
      // a faint wave pattern for texture: sin(a + b) = sin a cos b + cos a sin b
      const m = 1 + 0.06 * (sinX[x]! * cosY[y]! + cosX[x]! * sinY[y]!);
      const o = (y * width + x) * 3;
      out[o] = Math.max(0, Math.min(255, Math.round(r * m)));
      out[o + 1] = Math.max(0, Math.min(255, Math.round(gg * m)));
      out[o + 2] = Math.max(0, Math.min(255, Math.round(b * m)));
    }
  }
  return out;
}

export interface RenderedImage {
  full: { png: Buffer; width: number; height: number };
  compressed: { png: Buffer; width: number; height: number };
}

/** The full-size and compressed PNGs for a request (same picture at two sizes). */
export function renderImage(seed: string, size: RequestedSize, colors?: RenderImageInput['colors']): RenderedImage {
  const full = scaledSize(size.width, size.height, RENDER_LONG_SIDE);
  const small = scaledSize(size.width, size.height, COMPRESSED_LONG_SIDE);
  return {
    full: { ...full, png: encodePng(full.width, full.height, renderPixels({ seed, ...full, colors })) },
    compressed: { ...small, png: encodePng(small.width, small.height, renderPixels({ seed, ...small, colors })) },
  };
}
