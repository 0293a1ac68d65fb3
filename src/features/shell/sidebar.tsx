import { memo, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { css, cx } from 'styled-system/css';
import { BetaBadge } from '@/ui/badge';
import { BookIcon, ChatIcon, FileTextIcon, GridIcon, HistoryIcon, ImageIcon, LibraryIcon, PanelLeftIcon, PlusIcon, SearchIcon, VideoIcon, WandIcon, type IconProps } from '@/ui/icons';
import { ChatList } from './chat-list';
import { SHELL_MESSAGES } from './messages';
import { ProfileMenu, type ProfileMenuProps } from './profile-menu';
import { RecentBlogs } from './recent-blogs';
import { paths } from '@/core/paths';

export interface SidebarProps {
  id?: string;
  /** Opens the tool search (01 §2: search tools button). */
  onSearchTools?: () => void;
  /** The button inside the sidebar that closes it (01 §4: toggles from header or sidebar). */
  onToggleSidebar?: () => void;
  /** Slot: the favourites list (shown under 'Favourites' when given). */
  favourites?: ReactNode;
  /** Slot: the Recent Blogs list. */
  recentBlogs?: ReactNode;
  /** Slot: the Chat History list. */
  chatHistory?: ReactNode;
  /** Slot: the mobile-app promotion (QR code on large screens, store link on small). */
  promotion?: ReactNode;
  /** The footer's user-name menu; omit to render no footer (e.g. while the user loads). */
  profile?: ProfileMenuProps;
  /** Extra footer content (rendered above the profile menu). */
  footer?: ReactNode;
}

const aside = css({
  display: 'flex',
  flexDirection: 'column',
  h: 'full',
  w: 'sidebar',
  bg: 'bg.surface',
  borderRightWidth: '1px',
  borderColor: 'border.default',
});
const top = css({ display: 'flex', alignItems: 'center', gap: '1', p: '3', pb: '2' });
const topButton = css({
  flex: '1',
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  h: '9',
  px: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.canvas',
  color: 'fg.muted',
  fontSize: 'sm',
  cursor: 'pointer',
  transition: 'border-color {durations.fast}, color {durations.fast}',
  _hover: { borderColor: 'border.strong', color: 'fg.default' },
  '& svg': { width: '4', height: '4' },
});
const iconButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '9',
  h: '9',
  flexShrink: 0,
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  '& svg': { width: '4.5', height: '4.5' },
});
const scroll = css({
  flex: '1',
  minH: '0',
  overflowY: 'auto',
  px: '3',
  pb: '3',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  scrollbarWidth: 'thin',
});
const section = css({ display: 'flex', flexDirection: 'column', gap: '0.5' });
const sectionTitle = css({
  px: '3',
  pt: '1',
  pb: '1',
  fontSize: 'xs',
  fontWeight: 'semibold',
  letterSpacing: '0.02em',
  color: 'fg.muted',
});
const navList = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '0.5' });
const subList = css({
  listStyle: 'none',
  m: '0',
  ml: '5',
  pl: '3',
  borderLeftWidth: '1px',
  borderColor: 'border.default',
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
});
const item = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  minH: '9',
  px: '3',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.default',
  textDecoration: 'none',
  transition: 'background {durations.fast}, color {durations.fast}',
  _hover: { bg: 'bg.subtle' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.text', '& svg': { color: 'accent.text' } },
  '& svg': { width: '4.5', height: '4.5', color: 'fg.muted', flexShrink: 0 },
});
const subItem = css({ minH: '8', px: '2.5', fontWeight: 'normal', color: 'fg.muted', _hover: { color: 'fg.default' } });
// A group's name is a heading, styled as one (small, muted, no hover): it is neither a link nor focusable, so it
// must not look like the links under it.
const groupLabel = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  pt: '2',
  pb: '1',
  fontSize: 'xs',
  fontWeight: 'semibold',
  letterSpacing: '0.02em',
  color: 'fg.muted',
  '& svg': { width: '3.5', height: '3.5', flexShrink: 0 },
});
const slot = css({ display: 'flex', flexDirection: 'column', gap: '0.5', px: '1' });
const nestedSlot = css({ mt: '2', ml: '5', pl: '3' });
const footerBox = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
  borderTopWidth: '1px',
  borderColor: 'border.default',
});
const spacer = css({ flex: '1' });

/** Active when the path matches and every query parameter of `to` is present with the same value. */
function useIsActive(to: string): boolean {
  const location = useLocation();
  const url = new URL(to, 'http://x');
  if (url.pathname !== location.pathname) return false;
  const current = new URLSearchParams(location.search);
  for (const [key, value] of url.searchParams) {
    // Paging parameters should not decide whether a section is the current one.
    if (key === 'page') continue;
    if (current.get(key) !== value) return false;
  }
  return true;
}

/**
 * Memoised (with the badge a module-level element): the shell re-renders whenever its user, flags or deferred parts
 * change, and the links only need to when the location does (useIsActive).
 */
const NavItem = memo(function NavItem({
  to,
  icon: Icon,
  children,
  badge,
  sub = false,
}: {
  to: string;
  icon?: ComponentType<IconProps>;
  children: ReactNode;
  badge?: ReactNode;
  sub?: boolean;
}) {
  const active = useIsActive(to);
  return (
    <li>
      <Link to={to} className={cx(item, sub && subItem)} aria-current={active ? 'page' : undefined}>
        {Icon && <Icon />}
        <span className={spacer}>{children}</span>
        {badge && ' '}
        {badge}
      </Link>
    </li>
  );
});

const betaBadge = <BetaBadge />;

function Slot({ title, children, nested = false }: { title: string; children: ReactNode; nested?: boolean }) {
  return (
    <section className={cx(section, nested && nestedSlot)} aria-label={title}>
      <h2 className={sectionTitle}>{title}</h2>
      <div className={slot}>{children}</div>
    </section>
  );
}

/**
 * The left sidebar (01 §2 App shell): search tools, History, favourites, the feature groups,
 * the mobile-app promotion and the footer with the user-name menu.
 */
export function Sidebar({
  id = 'app-sidebar',
  onSearchTools,
  onToggleSidebar,
  favourites,
  recentBlogs,
  chatHistory,
  promotion,
  profile,
  footer,
}: SidebarProps) {
  return (
    <div className={aside} id={`${id}-panel`}>
      <div className={top}>
        <button type="button" className={topButton} onClick={onSearchTools}>
          <SearchIcon />
          {SHELL_MESSAGES.searchTools}
        </button>
        {onToggleSidebar && (
          <button
            type="button"
            className={iconButton}
            onClick={onToggleSidebar}
            aria-label={SHELL_MESSAGES.closeSidebar}
            aria-controls={id}
            aria-expanded
          >
            <PanelLeftIcon />
          </button>
        )}
      </div>

      <div className={scroll}>
        <ul className={navList}>
          <NavItem to={paths.history} icon={HistoryIcon}>
            {SHELL_MESSAGES.history}
          </NavItem>
        </ul>

        {favourites && <Slot title={SHELL_MESSAGES.favourites}>{favourites}</Slot>}

        <nav aria-label={SHELL_MESSAGES.mainNav}>
          <ul className={navList}>
            <li>
              <h2 className={groupLabel} id={`${id}-image-group`}>
                <ImageIcon />
                AI Image Generator
              </h2>
              <ul className={subList} aria-labelledby={`${id}-image-group`}>
                <NavItem to={paths.imageExamples} sub>
                  Examples
                </NavItem>
                <NavItem to={paths.imageGallery} sub>
                  Gallery
                </NavItem>
              </ul>
            </li>
            <NavItem to={paths.storybook} icon={BookIcon} badge={betaBadge}>
              Storybook Image Creator
            </NavItem>
            <li>
              <h2 className={groupLabel} id={`${id}-blog-group`}>
                <FileTextIcon />
                AI Blog Writer
              </h2>
              <ul className={subList} aria-labelledby={`${id}-blog-group`}>
                <NavItem to={paths.blogLibrary} icon={LibraryIcon} sub>
                  Library
                </NavItem>
                <NavItem to={paths.newBlog} icon={PlusIcon} sub>
                  New Blog
                </NavItem>
              </ul>
              {recentBlogs ? (
                <Slot nested title={SHELL_MESSAGES.recentBlogs}>
                  {recentBlogs}
                </Slot>
              ) : (
                <RecentBlogs frame={(content) => <Slot nested title={SHELL_MESSAGES.recentBlogs}>{content}</Slot>} />
              )}
            </li>
            <NavItem to={paths.videoGenerator} icon={VideoIcon} badge={betaBadge}>
              AI Video Generator
            </NavItem>
            <NavItem to={paths.textHumanizer} icon={WandIcon}>
              AI Text Humanizer
            </NavItem>
            <NavItem to={paths.aiTools} icon={GridIcon}>
              AI Tools
            </NavItem>
            <NavItem to={paths.chat} icon={ChatIcon}>
              AI Chat
            </NavItem>
          </ul>
        </nav>
        {chatHistory ? (
          <Slot title={SHELL_MESSAGES.chatHistory}>{chatHistory}</Slot>
        ) : (
          <ChatList frame={(list) => <Slot title={SHELL_MESSAGES.chatHistory}>{list}</Slot>} />
        )}
      </div>

      {(promotion || footer || profile) && (
        <div className={footerBox}>
          {promotion}
          {footer}
          {profile && <ProfileMenu {...profile} />}
        </div>
      )}
    </div>
  );
}
