import { QrCode } from '@ark-ui/react/qr-code';
import { css } from 'styled-system/css';
import { SHELL_MESSAGES as M } from './messages';

/**
 * The mobile-app promotion of the sidebar (01 §1 "a mobile app promotion (a QR code on large screens, a store
 * link on small screens)"). The spec gives no store address, so it comes from VITE_MOBILE_APP_URL (https) and the
 * promotion is not shown without one (mobile-app-url.ts) — a QR code to nowhere would be worse than none. Loaded on its own
 * (React.lazy in the shell) so the QR encoder never weighs on the first route.
 */

const box = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '3',
  mb: '2',
  rounded: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
});
const qr = css({ display: { base: 'none', lg: 'block' }, flexShrink: 0, w: '16', h: '16', p: '1', bg: 'white', rounded: 'sm' });
const frame = css({ w: 'full', h: 'full' });
const pattern = css({ fill: 'black' });
const text = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0', fontSize: 'xs', color: 'fg.muted' });
const title = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default' });
const scanHint = css({ display: { base: 'none', lg: 'block' } });
const storeLink = css({
  display: { base: 'inline-flex', lg: 'none' },
  color: 'accent.text',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});

export function MobileAppPromo({ url }: { url: string }) {
  return (
    <section className={box} aria-label={M.mobileAppTitle}>
      <QrCode.Root value={url} className={qr} aria-label={M.mobileAppQr}>
        <QrCode.Frame className={frame}>
          <QrCode.Pattern className={pattern} />
        </QrCode.Frame>
      </QrCode.Root>
      <div className={text}>
        <span className={title}>{M.mobileAppTitle}</span>
        <span className={scanHint}>{M.mobileAppScan}</span>
        <a className={storeLink} href={url} target="_blank" rel="noopener noreferrer">
          {M.mobileAppLink}
        </a>
      </div>
    </section>
  );
}
