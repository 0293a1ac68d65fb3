import { useEffect, useRef, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

const box = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
  boxShadow: 'xs',
  p: { base: '5', md: '6' },
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
});
const danger = css({ borderColor: 'danger.default' });

/** A titled surface of the account page (light and dark through semantic tokens). */
export function Panel({
  title,
  description,
  children,
  tone,
  id,
  actions,
  focusHeading,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  tone?: 'danger';
  id?: string;
  actions?: ReactNode;
  /** Moves focus to the heading when the panel mounts (a view replacing another one, e.g. list → details). */
  focusHeading?: boolean;
}) {
  const headingId = `${id ?? title.replace(/\W+/g, '-').toLowerCase()}-heading`;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <section id={id} className={cx(box, tone === 'danger' && danger)} aria-labelledby={headingId}>
      <header className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '4', flexWrap: 'wrap' })}>
        {/* minW 0 + anywhere: a title the user wrote (a brand name) may be one long word; it wraps, never widens the page */}
        <div className={css({ minW: '0', maxW: 'full' })}>
          <h2 id={headingId} ref={heading} tabIndex={focusHeading ? -1 : undefined} className={css({ outline: 'none', overflowWrap: 'anywhere', fontSize: 'lg', fontWeight: 'semibold', color: tone === 'danger' ? 'danger.text' : 'fg.default' })}>
            {title}
          </h2>
          {description && <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>{description}</p>}
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}

export const stack = css({ display: 'flex', flexDirection: 'column', gap: '6' });
export const formRow = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: 'md' });
export const mutedText = css({ color: 'fg.muted', fontSize: 'sm' });
export const alertText = css({
  borderWidth: '1px', borderColor: 'danger.default', bg: 'danger.subtle', color: 'danger.text',
  borderRadius: 'md', px: '3', py: '2', fontSize: 'sm',
});
