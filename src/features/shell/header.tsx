import { useEffect, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import { ExternalLinkIcon, PanelLeftIcon, SearchIcon } from '@/ui/icons';
import { ColorModeToggle } from './color-mode-toggle';
import { Logo } from './logo';
import { SHELL_MESSAGES, TOOL_SEARCH_MESSAGES } from './messages';

/**
 * Impersonation mode (01 §2 Start-up: "In impersonate mode it goes to /home and the app shows a 'Switch to Old
 * UI' link"; 01 §6 "a token in the URL logs in as that user"). The start-up reads ?impersonateToken and
 * ?impersonateMode and records the mode under this session-storage key ('1'); the shell only reads it. Session
 * storage: the mode belongs to the tab the admin opened, and log out clears it (01 §4).
 */
export const IMPERSONATION_STORAGE_KEY = 'impersonateMode';

export function isImpersonating(storage: Storage | undefined = globalThis.sessionStorage): boolean {
  try {
    return storage?.getItem(IMPERSONATION_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

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

const searchTrigger = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  w: { base: '9', md: 'full' },
  maxW: '420px',
  h: '9',
  px: { base: '0', md: '3' },
  justifyContent: { base: 'center', md: 'flex-start' },
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.canvas',
  color: 'fg.muted',
  fontSize: 'sm',
  cursor: 'pointer',
  transition: 'border-color {durations.fast}, color {durations.fast}',
  _hover: { borderColor: 'border.strong', color: 'fg.default' },
  _focusVisible: { outline: 'none', boxShadow: 'focusRing' },
  '& svg': { width: '4', height: '4', flexShrink: 0 },
});
const searchLabel = css({ display: { base: 'none', md: 'inline' }, flex: '1', textAlign: 'start' });
const kbd = css({
  display: { base: 'none', lg: 'inline-flex' },
  alignItems: 'center',
  h: '5',
  px: '1.5',
  borderRadius: 'sm',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  fontFamily: 'mono',
  fontSize: 'xs',
  color: 'fg.muted',
});

/**
 * The header's tool search field (01 §2 Header): a button that looks like a search box and opens the search
 * modal. Named 'Search tools'; on phones only the magnifier shows.
 */
export function ToolSearchTrigger({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="button"
      className={searchTrigger}
      onClick={onOpen}
      aria-label={TOOL_SEARCH_MESSAGES.title}
      aria-haspopup="dialog"
      aria-keyshortcuts="/ Control+K Meta+K"
      title={TOOL_SEARCH_MESSAGES.shortcut}
    >
      <SearchIcon />
      <span className={searchLabel} aria-hidden="true">
        {TOOL_SEARCH_MESSAGES.placeholder}
      </span>
      <kbd className={kbd} aria-hidden="true">
        /
      </kbd>
    </button>
  );
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/**
 * Keyboard shortcuts of the tool search (an extra the spec does not ask for): '/' outside text fields, and
 * Ctrl+K / Cmd+K anywhere (the usual command-palette keys).
 */
export function useToolSearchShortcut(onOpen: () => void, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented || e.altKey) return;
      const modK = (e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'k';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !isTypingTarget(e.target);
      if (!modK && !slash) return;
      // not over another open modal dialog (e.g. the upgrade dialog): one modal at a time
      if (document.querySelector('[data-scope="dialog"][data-part="content"][data-state="open"]')) return;
      e.preventDefault();
      onOpen();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onOpen, enabled]);
}
