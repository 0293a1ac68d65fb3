import { Link } from 'react-router-dom';
import { css } from 'styled-system/css';
import { errorMessages } from './messages';
import { paths } from '@/core/paths';

export function NotFoundPage() {
  return (
    <main className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: '6', bg: 'bg.canvas', color: 'fg.default' })}>
      <div className={css({ textAlign: 'center', maxW: 'md' })}>
        <p className={css({ fontSize: '5xl', fontWeight: 'bold', color: 'accent.default' })} aria-hidden="true">404</p>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '2' })}>{errorMessages.notFoundTitle}</h1>
        <p className={css({ color: 'fg.muted', mb: '6' })}>{errorMessages.notFoundText}</p>
        <Link to={paths.home} className={css({ display: 'inline-block', px: '4', py: '2', borderRadius: 'md', bg: 'accent.default', color: 'accent.fg', fontWeight: 'semibold' })}>
          {errorMessages.notFoundAction}
        </Link>
      </div>
    </main>
  );
}
