import { css } from 'styled-system/css';
import { LogoMark } from '@/ui/logo-mark';

/**
 * The start-up splash with the logo (spec 01 §2 "Start-up behaviour"), shown while the first route's
 * loaders run (the hosted sign-in code exchange, the auth check).
 */
export function Splash() {
  return (
    <div role="status" aria-label="Loading Wordsmith AI" className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', bg: 'bg.canvas' })}>
      <span aria-hidden="true" className={css({ display: 'inline-flex', animation: 'pulse 1.4s ease-in-out infinite' })}>
        <LogoMark size={56} />
      </span>
    </div>
  );
}
