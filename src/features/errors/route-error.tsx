import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { errorMessages } from './messages';

/**
 * The generic error page of spec 01 §2 / §8: 'OOPS! Something went wrong' with 'Reload the page',
 * which goes to /login (a full load, so a broken in-memory state cannot survive it).
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    // The crash report to /logs/log-crash-report arrives with the platform issue's error boundary.
    console.error(error);
  }, [error]);
  return (
    <main className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: '6', bg: 'bg.canvas', color: 'fg.default' })}>
      <div className={css({ textAlign: 'center', maxW: 'md' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '4' })}>{errorMessages.crashTitle}</h1>
        <a
          href="/login"
          className={css({ display: 'inline-block', px: '4', py: '2', borderRadius: 'md', bg: 'accent.default', color: 'accent.fg', fontWeight: 'semibold' })}
        >
          {errorMessages.crashAction}
        </a>
      </div>
    </main>
  );
}
