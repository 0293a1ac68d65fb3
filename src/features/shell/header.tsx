import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/button';
import { ExternalLinkIcon, PanelLeftIcon } from '../../ui/icons';
import { ColorModeToggle } from './color-mode-toggle';
import { Logo } from './logo';
import { SHELL_MESSAGES } from './messages';

export interface HeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  /** id of the sidebar element the toggle controls. */
  sidebarId?: string;
  /** Slot: the tool search (01 §2 Header). */
  toolSearch?: ReactNode;
  /** Slot: the upgrade button. */
  upgradeButton?: ReactNode;
  /** Slot: anything else at the end (notifications…). */
  actions?: ReactNode;
  /** 01 §2: the 'Switch to Old UI' link shows only in impersonation mode. */
  impersonating?: boolean;
  /** Where 'Switch to Old UI' goes (the old app's address). */
  oldUiHref?: string;
  /** Hide the light/dark toggle (shown by default). */
  hideColorModeToggle?: boolean;
}

const bar = css({
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  display: 'flex',
  alignItems: 'center',
  gap: { base: '2', md: '3' },
  h: 'header',
  px: { base: '3', md: '5' },
  bg: 'bg.surface/90',
  backdropFilter: 'saturate(180%) blur(8px)',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
const search = css({
  flex: '1',
  minW: '0',
  display: 'flex',
  justifyContent: 'center',
  maxW: '560px',
  mx: 'auto',
  '& > *': { minW: '0', maxW: 'full' },
});
const end = css({ display: 'flex', alignItems: 'center', gap: '2', ml: 'auto', flexShrink: 0 });
const oldUi = css({
  display: 'inline-flex',
  whiteSpace: 'nowrap',
  alignItems: 'center',
  gap: '1.5',
  fontSize: { base: 'xs', md: 'sm' },
  fontWeight: 'medium',
  color: 'accent.text',
  textDecoration: 'none',
  borderRadius: 'sm',
  px: '2',
  py: '1',
  _hover: { textDecoration: 'underline' },
  '& svg': { width: '3.5', height: '3.5' },
});

/** Sticky top bar: sidebar toggle, logo (→ /home), tool search, upgrade, Switch to Old UI (impersonation). */
export function Header({
  sidebarOpen,
  onToggleSidebar,
  sidebarId = 'app-sidebar',
  toolSearch,
  upgradeButton,
  actions,
  impersonating = false,
  oldUiHref = '/',
  hideColorModeToggle = false,
}: HeaderProps) {
  return (
    <header className={bar}>
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        onClick={onToggleSidebar}
        aria-label={SHELL_MESSAGES.toggleSidebar}
        aria-expanded={sidebarOpen}
        aria-controls={sidebarId}
      >
        <PanelLeftIcon />
      </Button>
      <Logo />
      <div className={search}>{toolSearch}</div>
      <div className={end}>
        {impersonating && (
          <a href={oldUiHref} className={oldUi}>
            {SHELL_MESSAGES.switchToOldUi}
            <ExternalLinkIcon />
          </a>
        )}
        {actions}
        {!hideColorModeToggle && <ColorModeToggle />}
        {upgradeButton}
      </div>
    </header>
  );
}
