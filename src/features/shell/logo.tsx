import { Link } from 'react-router-dom';
import { css } from 'styled-system/css';
import { PRODUCT_NAME, SHELL_MESSAGES } from './messages';
import { LogoMark } from '@/ui/logo-mark';
import { paths } from '@/core/paths';

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
    <Link to={paths.home} className={logoLink} aria-label={SHELL_MESSAGES.home}>
      <LogoMark />
      <span className={logoText}>{PRODUCT_NAME}</span>
    </Link>
  );
}
