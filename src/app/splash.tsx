import { css } from '../../styled-system/css';

/**
 * The start-up splash with the logo (spec 01 §2 "Start-up behaviour"), shown while the first route's
 * loaders run (the hosted sign-in code exchange, the auth check).
 */
export function Splash() {
  return (
    <div role="status" aria-label="Loading Wordsmith AI" className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', bg: 'bg.canvas' })}>
      <svg width="56" height="56" viewBox="0 0 32 32" aria-hidden="true" className={css({ animation: 'pulse 1.4s ease-in-out infinite' })}>
        <rect width="32" height="32" rx="8" fill="currentColor" className={css({ color: 'accent.default' })} />
        <path d="M8 10l3.5 12L16 12l4.5 10L24 10" fill="none" stroke="white" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
