import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { css, cx } from 'styled-system/css';
import { Header, type HeaderProps } from './header';
import { SHELL_MESSAGES } from './messages';
import { Sidebar, type SidebarProps } from './sidebar';

/** Below 768 px the sidebar is an overlay drawer, closed by default. */
export const SHELL_MOBILE_QUERY = '(max-width: 767.98px)';

function subscribeNarrow(onChange: () => void) {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(SHELL_MOBILE_QUERY);
  media.addEventListener?.('change', onChange);
  return () => media.removeEventListener?.('change', onChange);
}
function isNarrow(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(SHELL_MOBILE_QUERY).matches
    : false;
}
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
}

export interface AppShellProps {
  /**
   * Desktop sidebar state. Controlled when given (with onToggleSidebar); otherwise the shell keeps
   * its own state, starting open (01 §2 "Left sidebar (starts open)").
   */
  sidebarOpen?: boolean;
  /** Called by the header toggle and by the button inside the sidebar (01 §4). */
  onToggleSidebar?: () => void;
  /** Header slots and flags (the toggle is wired by the shell). */
  header?: Omit<HeaderProps, 'sidebarOpen' | 'onToggleSidebar' | 'sidebarId'>;
  /** Sidebar slots and the profile menu (the toggle is wired by the shell). */
  sidebar?: Omit<SidebarProps, 'id' | 'onToggleSidebar'>;
  /** The page (an <Outlet /> in the route layout). */
  children: ReactNode;
  /**
   * Layout "app" (chat, blog writer): the frame is exactly the viewport's height and the page scrolls inside
   * itself, so a composer pinned to the bottom stays on screen even with a banner above the page.
   */
  fullHeight?: boolean;
}

const SIDEBAR_ID = 'app-sidebar';

const root = css({ display: 'flex', minH: '100dvh', bg: 'bg.canvas', color: 'fg.default' });
const rootFull = css({ h: '100dvh', overflow: 'hidden' });
const skip = css({
  position: 'fixed',
  top: '2',
  left: '2',
  zIndex: 'tooltip',
  px: '4',
  py: '2',
  borderRadius: 'md',
  bg: 'accent.default',
  color: 'accent.fg',
  fontSize: 'sm',
  fontWeight: 'semibold',
  textDecoration: 'none',
  transform: 'translateY(-200%)',
  _focus: { transform: 'translateY(0)' },
});
const sidebarBox = css({
  flexShrink: 0,
  h: '100dvh',
  position: { base: 'fixed', md: 'sticky' },
  top: '0',
  left: '0',
  zIndex: { base: 'modal', md: 'auto' },
  boxShadow: { base: 'xl', md: 'none' },
  animation: { base: 'drawer-in 200ms {easings.default}', md: 'none' },
});
const backdrop = css({
  position: 'fixed',
  inset: '0',
  zIndex: 'overlay',
  bg: 'bg.overlay',
  animation: 'fade-in 160ms {easings.default}',
  md: { display: 'none' },
});
const column = css({ flex: '1', minW: '0', display: 'flex', flexDirection: 'column' });
const columnFull = css({ minH: '0', h: '100dvh' });
const main = css({ flex: '1', minW: '0', display: 'flex', flexDirection: 'column', outline: 'none' });
const mainFull = css({ minH: '0' });

/**
 * The app frame: skip link, left sidebar, sticky header and <main id="main">.
 * Wide screens: the sidebar sits beside the page and toggles (controlled or starting open).
 * Narrow screens (< 768 px): the sidebar is an overlay drawer, closed by default; Escape, the
 * backdrop, the sidebar's close button and any navigation close it.
 */
export function AppShell({ sidebarOpen, onToggleSidebar, header, sidebar, children, fullHeight = false }: AppShellProps) {
  const narrow = useIsNarrowScreen();
  const [ownOpen, setOwnOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const controlled = sidebarOpen !== undefined;
  const desktopOpen = controlled ? sidebarOpen : ownOpen;
  const open = narrow ? drawerOpen : desktopOpen;
  const location = useLocation();
  const drawerRef = useRef<HTMLElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);

  const toggle = useCallback(() => {
    if (narrow) {
      setDrawerOpen((o) => !o);
      return;
    }
    if (!controlled) setOwnOpen((o) => !o);
    onToggleSidebar?.();
  }, [narrow, controlled, onToggleSidebar]);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  // The drawer closes when the user navigates.
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname, location.search]);

  // Leaving the narrow layout resets the drawer.
  useEffect(() => {
    if (!narrow) setDrawerOpen(false);
  }, [narrow]);

  // Drawer: move focus in on open, back to where it was on close.
  useEffect(() => {
    if (!narrow) return;
    if (drawerOpen) {
      returnFocusRef.current = document.activeElement as HTMLElement | null;
      const first = drawerRef.current?.querySelector<HTMLElement>('button, a[href]');
      first?.focus();
    } else if (returnFocusRef.current) {
      returnFocusRef.current.focus();
      returnFocusRef.current = null;
    }
  }, [narrow, drawerOpen]);

  return (
    <div className={fullHeight ? cx(root, rootFull) : root} data-sidebar={open ? 'open' : 'closed'}>
      <a href="#main" className={skip}>
        {SHELL_MESSAGES.skipToContent}
      </a>
      {narrow && drawerOpen && <div className={backdrop} aria-hidden="true" onClick={closeDrawer} />}
      <aside
        ref={drawerRef}
        id={SIDEBAR_ID}
        className={sidebarBox}
        hidden={!open}
        aria-label={SHELL_MESSAGES.sidebar}
        {...(narrow ? { role: 'dialog', 'aria-modal': true } : {})}
        onKeyDown={
          narrow
            ? (e) => {
                if (e.key === 'Escape') {
                  e.stopPropagation();
                  closeDrawer();
                }
              }
            : undefined
        }
      >
        <Sidebar {...sidebar} id={SIDEBAR_ID} onToggleSidebar={toggle} />
      </aside>
      <div className={fullHeight ? cx(column, columnFull) : column}>
        <Header {...header} sidebarOpen={open} onToggleSidebar={toggle} sidebarId={SIDEBAR_ID} />
        <main id="main" tabIndex={-1} className={fullHeight ? cx(main, mainFull) : main}>
          {children}
        </main>
      </div>
    </div>
  );
}
