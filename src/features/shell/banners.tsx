/**
 * The shell's banners (01 §2 App shell, 02 §2 Gallery):
 *  - 'Introducing AI Video Generator' with 'Try It Now' → /video-generator?type=gallery; dismissible, the
 *    dismissal remembered in local storage (per user: another account on the same browser still sees it);
 *    hidden on the video page. Log out clears stored local data (01 §4), so it shows again after a new sign-in.
 *  - On the video page, a warning that video generation is having issues while the maintenance flag is on
 *    (GET /api/app-flags videoMaintenance). Not dismissible: it matters for every video the user starts.
 */
import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { css } from 'styled-system/css';
import { AlertTriangleIcon, SparklesIcon, XIcon } from '@/ui/icons';
import { BANNER_MESSAGES as M } from './messages';
import { paths } from '@/core/paths';


/** The local-storage key of the dismissed video banner, per user. */
export function videoBannerKey(userId: number | string): string {
  return `video-banner-dismissed:${userId}`;
}

function readDismissed(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export const banner = css({
  display: 'flex',
  alignItems: { base: 'flex-start', sm: 'center' },
  gap: '3',
  mx: { base: '3', md: '5' },
  mt: '3',
  px: '4',
  py: '3',
  borderRadius: 'lg',
  borderWidth: '1px',
  fontSize: 'sm',
  '& > svg': { flexShrink: 0, width: '5', height: '5', mt: { base: '0.5', sm: '0' } },
});
const promo = css({ bg: 'accent.subtle', borderColor: 'accent.muted', color: 'fg.default', '& > svg': { color: 'accent.text' } });
export const warning = css({ bg: 'warning.subtle', borderColor: 'warning.default/40', color: 'fg.default', '& > svg': { color: 'warning.text' } });
export const text = css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, flexWrap: 'wrap', columnGap: '2', rowGap: '0.5', flex: '1', minW: '0' });
export const title = css({ fontWeight: 'semibold' });
export const muted = css({ color: 'fg.muted' });
export const cta = css({
  display: 'inline-flex',
  alignItems: 'center',
  h: '8',
  px: '3',
  borderRadius: 'md',
  bg: 'accent.default',
  color: 'accent.fg',
  fontSize: 'sm',
  fontWeight: 'semibold',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  flexShrink: 0,
  _hover: { bg: 'accent.emphasized' },
  _focusVisible: { outline: 'none', boxShadow: 'focusRing' },
});
const close = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  flexShrink: 0,
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: 'none', boxShadow: 'focusRing' },
  '& svg': { width: '4', height: '4' },
});

export function VideoGeneratorBanner({ userId }: { userId: number | string }) {
  const { pathname } = useLocation();
  const key = videoBannerKey(userId);
  const [dismissed, setDismissed] = useState(() => readDismissed(key));
  const dismiss = useCallback(() => {
    setDismissed(true);
    try {
      localStorage.setItem(key, '1');
    } catch {
      // private mode / full storage: dismissed for this visit only
    }
  }, [key]);

  if (dismissed || pathname === paths.videoPage) return null;
  return (
    <section className={`${banner} ${promo}`} aria-label={M.videoTitle}>
      <SparklesIcon aria-hidden="true" />
      <p className={text}>
        <strong className={title}>{M.videoTitle}</strong>
        <span className={muted}>{M.videoText}</span>
      </p>
      <Link to={paths.videoGenerator} className={cta}>
        {M.videoCta}
      </Link>
      <button type="button" className={close} onClick={dismiss} aria-label={`${M.dismiss}: ${M.videoTitle}`}>
        <XIcon />
      </button>
    </section>
  );
}

export function VideoMaintenanceBanner({ on }: { on: boolean }) {
  const { pathname } = useLocation();
  if (!on || pathname !== paths.videoPage) return null;
  return (
    <section className={`${banner} ${warning}`} role="status" aria-label={M.maintenanceTitle}>
      <AlertTriangleIcon aria-hidden="true" />
      <p className={text}>
        <strong className={title}>{M.maintenanceTitle}</strong>
        <span className={muted}>{M.maintenanceText}</span>
      </p>
    </section>
  );
}
