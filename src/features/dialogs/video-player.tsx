import { useState } from 'react';
import { css } from 'styled-system/css';
import { LogoMark } from '@/ui/logo-mark';
import { MISC_TEXT } from './messages';

/**
 * A click-to-play video (the welcome and product-demo dialogs). Until the user presses play only a
 * poster is shown — the thumbnail, or a drawn one — so a dialog costs no video download and no
 * third-party script; then a native <video> plays a file URL, and any other URL (a video host's
 * page: YouTube, Vimeo, Wistia …) plays in an <iframe>, as "a video-host demo" of 01 §7. No player
 * library is bundled, so nothing here needs lazy loading.
 */
export interface VideoPlayerProps {
  title: string;
  videoUrl?: string | null;
  thumbnailUrl?: string | null;
  /** a MIME type ('video/mp4') when the caller knows it */
  contentType?: string | null;
}

const frame = css({
  position: 'relative',
  w: 'full',
  aspectRatio: '16 / 9',
  borderRadius: 'md',
  overflow: 'hidden',
  bg: 'bg.emphasized',
  '& video, & iframe, & img': { position: 'absolute', inset: 0, w: 'full', h: 'full', border: 0, objectFit: 'cover' },
});
const poster = css({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  w: 'full',
  h: 'full',
  p: 0,
  border: 0,
  cursor: 'pointer',
  background: 'linear-gradient(135deg, {colors.brand.800}, {colors.brand.500})',
  color: 'white',
  _disabled: { cursor: 'default' },
  _focusVisible: { outline: '3px solid', outlineColor: 'accent.focusRing', outlineOffset: '-3px' },
});
const playMark = css({
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  w: '16',
  h: '16',
  borderRadius: 'full',
  bg: 'rgba(255,255,255,0.92)',
  color: 'brand.700',
  boxShadow: 'lg',
  transition: 'transform 0.15s',
  '[data-part=poster]:hover &': { transform: 'scale(1.06)' },
});
const caption = css({ position: 'absolute', insetX: 0, bottom: 0, p: '3', fontSize: 'sm', color: 'white', bg: 'rgba(0,0,0,0.45)', textAlign: 'center' });

export function isVideoFile(url: string, contentType?: string | null): boolean {
  if (contentType?.startsWith('video/')) return true;
  return /\.(mp4|webm|ogv|ogg|mov|m4v)([?#]|$)/i.test(url);
}

/** The embeddable address of a video host's page (YouTube and Vimeo pages → their player URLs). */
export function embedUrl(url: string): string {
  try {
    const u = new URL(url, 'https://invalid.local');
    if (/(^|\.)youtube\.com$/.test(u.hostname) && u.searchParams.get('v')) return `https://www.youtube-nocookie.com/embed/${u.searchParams.get('v')}?autoplay=1`;
    if (u.hostname === 'youtu.be') return `https://www.youtube-nocookie.com/embed${u.pathname}?autoplay=1`;
    if (/(^|\.)vimeo\.com$/.test(u.hostname) && /^\/\d+/.test(u.pathname) && !u.hostname.startsWith('player.')) return `https://player.vimeo.com/video${u.pathname}?autoplay=1`;
  } catch {
    // not a URL: used as given
  }
  return url;
}

export function VideoPlayer({ title, videoUrl, thumbnailUrl, contentType }: VideoPlayerProps) {
  const [playing, setPlaying] = useState(false);
  const canPlay = !!videoUrl;
  if (playing && videoUrl) {
    return (
      <div className={frame}>
        {isVideoFile(videoUrl, contentType) ? (
          <video src={videoUrl} poster={thumbnailUrl ?? undefined} controls autoPlay playsInline title={title} />
        ) : (
          <iframe src={embedUrl(videoUrl)} title={title} allow="autoplay; fullscreen; picture-in-picture" allowFullScreen />
        )}
      </div>
    );
  }
  return (
    <div className={frame}>
      {thumbnailUrl && <img src={thumbnailUrl} alt="" />}
      <button
        type="button"
        data-part="poster"
        className={poster}
        style={thumbnailUrl ? { background: 'rgba(0,0,0,0.25)' } : undefined}
        onClick={() => setPlaying(true)}
        disabled={!canPlay}
        aria-label={MISC_TEXT.player.play(title)}
      >
        {canPlay ? (
          <span className={playMark} aria-hidden>
            <svg width="26" height="26" viewBox="0 0 24 24" fill="currentColor">
              <path d="M8 5.5v13a1 1 0 0 0 1.5.86l11-6.5a1 1 0 0 0 0-1.72l-11-6.5A1 1 0 0 0 8 5.5z" />
            </svg>
          </span>
        ) : (
          !thumbnailUrl && (
            <span aria-hidden>
              <LogoMark size={56} />
            </span>
          )
        )}
      </button>
      {!canPlay && <p className={caption}>{MISC_TEXT.player.unavailable}</p>}
    </div>
  );
}
