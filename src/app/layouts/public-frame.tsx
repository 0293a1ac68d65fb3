import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import { LogoMark } from '@/ui/logo-mark';
import { paths } from '@/core/paths';

/** The light frame of public pages for visitors who are not signed in. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className={css({ minH: '100dvh', bg: 'bg.canvas', color: 'fg.default' })}>
      <header className={css({ position: 'sticky', top: 0, zIndex: 10, bg: 'bg.surface', borderBottomWidth: '1px', borderColor: 'border.default' })}>
        <div className={css({ maxW: '6xl', mx: 'auto', px: '4', h: '14', display: 'flex', alignItems: 'center', justifyContent: 'space-between' })}>
          <Link to={paths.home} className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'bold' })}>
            <LogoMark />
            Wordsmith AI
          </Link>
          <nav aria-label="Account" className={css({ display: 'flex', gap: '2' })}>
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.login}>Sign in</Link>
            </Button>
            <Button asChild size="sm">
              <Link to={paths.register}>Start free</Link>
            </Button>
          </nav>
        </div>
      </header>
      <main id="main">{children}</main>
    </div>
  );
}
