import { lazy, Suspense } from 'react';
import { useRouteError } from 'react-router-dom';
import { errorMessages } from './messages';

/**
 * The router's errorElement (01 §2 / §8). The page and the crash report load on demand (route-crash.tsx)
 * so they stay out of the first route's JavaScript; if even that chunk cannot load (the crash may be a
 * failed download), the same texts show without styling.
 */
const RouteCrash = lazy(() =>
  import('./route-crash').catch(() => ({
    default: () => (
      <main id="main">
        <h1>{errorMessages.crashTitle}</h1>
        <a href="/login">{errorMessages.crashAction}</a>
      </main>
    ),
  })),
);

export function RouteError() {
  const error = useRouteError();
  return (
    <Suspense fallback={null}>
      <RouteCrash error={error} />
    </Suspense>
  );
}
