import { css } from 'styled-system/css';

/**
 * An honest page for a route whose feature has not landed yet: it says so plainly
 * instead of pretending to work. Each feature issue replaces its routes' pages.
 */
export function PendingFeaturePage({ title, area }: { title: string; area: string }) {
  return (
    <section className={css({ maxW: '3xl', mx: 'auto', py: '12', px: '6' })} data-pending-area={area}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '3' })}>{title}</h1>
      <p className={css({ color: 'fg.muted' })}>
        {title} is not available in this build yet. Your account, plan and everything you have created are safe;
        this page will open here as soon as the feature ships.
      </p>
    </section>
  );
}
