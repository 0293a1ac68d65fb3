import { lazy, Suspense } from 'react';
import { errorMessages } from './messages';
import { paths } from '@/core/paths';

/**
 * The route tree's crash page (01 §2 / §8; shown by src/app/app.tsx's RouteErrorBoundary). The page and the crash report load on demand (route-crash.tsx)
 * so they stay out of the first route's JavaScript; if even that chunk cannot load (the crash may be a
 * failed download), the same texts show without styling.
 */
const RouteCrash = lazy(() =>
  import('./route-crash').catch(() => ({
    default: () => (
      <main id="main">
        <h1>{errorMessages.crashTitle}</h1>
        <a href={paths.login}>{errorMessages.crashAction}</a>
      </main>
    ),
  })),
);

export function RouteError({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <RouteCrash error={error} />
    </Suspense>
  );
}
