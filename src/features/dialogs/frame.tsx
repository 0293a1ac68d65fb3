import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import * as Dialog from '@/ui/dialog';

/** Width of the wider dialogs (pricing, explore grid, credit history); the default is 560 px (01 §9). */
const wide = css({ maxW: { base: 'full', sm: '760px' } });

export interface FrameProps {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** shown above the title (an illustration, a video) */
  media?: ReactNode;
  size?: 'md' | 'lg';
  /** aria-busy on the content while an action runs */
  busy?: boolean;
}

/**
 * The layout of every global dialog: (media) title, description, body, footer and the corner close
 * button, inside Ark's Dialog.Content (focus trap, Escape, labelled by the title and described by the
 * description).
 */
export function Frame({ title, description, children, footer, media, size = 'md', busy }: FrameProps) {
  return (
    <Dialog.Content className={cx(size === 'lg' && wide)} aria-busy={busy || undefined}>
      {media}
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
        {description && <Dialog.Description>{description}</Dialog.Description>}
      </Dialog.Header>
      {children && <Dialog.Body>{children}</Dialog.Body>}
      {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
      <Dialog.CloseTrigger />
    </Dialog.Content>
  );
}

/** Shared styles of the dialogs' bodies (semantic tokens: right in light and dark mode). */
export const styles = {
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  error: css({ color: 'danger.text', fontSize: 'sm', fontWeight: 'medium' }),
  success: css({ color: 'success.text', fontSize: 'sm', fontWeight: 'medium' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm', '& li': { display: 'flex', gap: '2', alignItems: 'flex-start' } }),
  check: css({ color: 'success.text', flexShrink: 0, mt: '0.5', width: '4', height: '4' }),
  panel: css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.subtle', p: '4' }),
  center: css({ display: 'flex', alignItems: 'center', justifyContent: 'center', minH: '24' }),
  price: css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1', color: 'fg.default' }),
  strike: css({ textDecoration: 'line-through', color: 'fg.subtle', fontSize: 'lg' }),
  segmented: css({
    display: 'inline-flex',
    alignSelf: 'center',
    p: '1',
    gap: '1',
    borderRadius: 'full',
    bg: 'bg.muted',
    border: 'none',
    '& label': {
      position: 'relative',
      px: '4',
      py: '1.5',
      borderRadius: 'full',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      cursor: 'pointer',
    },
    // inverted pill: bg.inverted on the bg.muted track is ≥ 3:1 in light and dark (bg.surface was about 1.1:1 in dark)
    '& label:has(input:checked)': { bg: 'bg.inverted', color: 'fg.inverted', boxShadow: 'xs' },
    '& label:has(input:focus-visible)': { boxShadow: 'focusRing' },
    '& input': { position: 'absolute', opacity: 0, inset: 0, cursor: 'pointer' },
  }),
  choice: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'md',
    bg: 'bg.surface',
    cursor: 'pointer',
    _hover: { borderColor: 'border.control' },
    '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
    '& input': { accentColor: 'var(--colors-accent-default)', width: '4', height: '4' },
  }),
  visuallyHidden: css({ srOnly: true }),
};
