import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { css } from 'styled-system/css';
import { LogoMark } from '@/ui/logo-mark';

/** The frame of the sign-in and registration pages. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
  return (
    <main id="main" className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', px: '4', py: '10', bg: 'bg.subtle' })}>
      <div className={css({ w: 'full', maxW: '420px' })}>
        <Link to="/" className={css({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '2', mb: '6', fontWeight: 'bold', fontSize: 'lg', color: 'fg.default' })}>
          <LogoMark size={32} />
          Wordsmith AI
        </Link>
        <div className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'xl', boxShadow: 'md', p: { base: '6', sm: '8' } })}>
          <h1 className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '1' })}>{title}</h1>
          <p className={css({ color: 'fg.muted', mb: '6', fontSize: 'sm' })}>{subtitle}</p>
          {children}
        </div>
        <p className={css({ textAlign: 'center', mt: '5', fontSize: 'sm', color: 'fg.muted' })}>{footer}</p>
      </div>
    </main>
  );
}

export const formStack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
export const textLink = css({ color: 'accent.text', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { textDecoration: 'none' } });
