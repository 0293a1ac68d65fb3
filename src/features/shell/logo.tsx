import { Link } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { PRODUCT_NAME, SHELL_MESSAGES } from './messages';
import { SHELL_HREFS } from './routes';

/** The Wordsmith AI mark: a rounded square with a nib-like "W" stroke and a spark. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="wordsmith-logo-gradient" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#7c4dff" />
          <stop offset="1" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#wordsmith-logo-gradient)" />
      <path
        d="M7.5 10.5 11 22l4-8.5L19 22l3.5-11.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M24.5 5.5v3M23 7h3" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

const logoLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2.5',
  borderRadius: 'sm',
  textDecoration: 'none',
  color: 'fg.default',
  fontWeight: 'bold',
  fontSize: 'md',
  letterSpacing: '-0.01em',
  whiteSpace: 'nowrap',
});

const logoText = css({ display: { base: 'none', sm: 'inline' } });

/** Logo linking to /home (01 §2 Header). On phones only the mark shows (the link keeps its name). */
export function Logo() {
  return (
    <Link to={SHELL_HREFS.home} className={logoLink} aria-label={SHELL_MESSAGES.home}>
      <LogoMark />
      <span className={logoText}>{PRODUCT_NAME}</span>
    </Link>
  );
}
