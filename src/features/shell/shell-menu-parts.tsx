/**
 * The shell's menus themselves (Ark Menu), loaded after the first route or on the first reach for a trigger
 * (see ./shell-menus.ts). Each replaces its stand-in trigger (ui/menu-placeholder.ts) and continues what the
 * user started there (`Menu.TakeOver`).
 */
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { css } from 'styled-system/css';
import { BriefcaseIcon, CompassIcon, CreditCardIcon, GlobeIcon, LifeBuoyIcon, LogOutIcon, SettingsIcon, UserIcon } from '@/ui/icons';
import * as Menu from '@/ui/menu';
import type { MenuTakeOver } from '@/ui/menu-placeholder';
import { ProgressBar } from '@/ui/progress-bar';
import { CHAT_LIST_MESSAGES, PROFILE_MENU_LABELS as L, SHELL_MESSAGES } from './messages';
import type { CreditsSummary, ProfileMenuProps } from './profile-menu';
import { lazyIntl } from '@/ui/lazy-intl';
import { accountPaths } from '@/core/paths';

/** The real trigger's look, name and content, as the stand-in showed them. */
interface TriggerLook {
  className: string;
  'aria-label': string;
  'data-menu-trigger'?: '';
  children: ReactNode;
}

const creditsBox = css({ display: 'flex', flexDirection: 'column', gap: '2', px: '4', pt: '3.5', pb: '3' });
const creditsLine = css({ display: 'flex', justifyContent: 'space-between', fontSize: 'xs', color: 'fg.muted' });
const creditsStrong = css({ color: 'fg.default', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' });
const popup = css({
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  boxShadow: 'lg',
  overflow: 'hidden',
  animation: 'pop-in 140ms {easings.default}',
});
const flatContent = css({
  borderWidth: '0 !important',
  boxShadow: 'none !important',
  borderRadius: '0 !important',
  animation: 'none !important',
  '[data-credits] + &': { borderTopWidth: '1px !important', borderColor: 'border.default' },
});

// made on first use, when a menu shows credits — not when this module loads after the first route (see lazyIntl)
const numberFormat = lazyIntl(() => new Intl.NumberFormat('en-US'));
const formatNumber = (n: number) => numberFormat().format(n);

/** Credits summary (paid plans only): text plus a usage bar capped at 100 % (01 §9). */
function CreditsBar({ used, total }: CreditsSummary) {
  const percent = total > 0 ? (used / total) * 100 : 100;
  return (
    <div className={creditsBox} data-credits="">
      <div className={creditsLine}>
        <span>{SHELL_MESSAGES.credits}</span>
        <span>
          <span className={creditsStrong}>{formatNumber(Math.max(0, used))}</span> /{' '}
          {formatNumber(Math.max(0, total))}
        </span>
      </div>
      <ProgressBar value={percent} label={`${SHELL_MESSAGES.credits} used`} hideLabel size="sm" />
    </div>
  );
}

function LinkItem({ value, to, icon, children }: { value: string; to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Menu.Item value={value} asChild>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </Menu.Item>
  );
}

export type ProfileMenuPartProps = Omit<ProfileMenuProps, 'email' | 'avatarUrl'> & { trigger: TriggerLook; takeOver: MenuTakeOver };

/**
 * The user-name menu of the sidebar footer (01 §2 Profile menu): credits bar (paid plans only),
 * Profile, Subscription, Start User Guide, Manage Brands, Settings, Wordpress, Support, Log out.
 */
export function ProfileMenuPart({
  userName,
  isPaidPlan,
  credits,
  onStartUserGuide,
  onSupport,
  onLogout,
  placement = 'top-start',
  trigger,
  takeOver,
}: ProfileMenuPartProps) {
  // Log out opens its dialog once the menu has closed, with the focus put back on the trigger first: the dialog
  // gives the focus back, on Esc, to what had it when it opened — the chosen item, gone by then, left the page body
  // focused. Support stays immediate: its window must open within the click (pop-up blockers).
  const logoutChosen = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <Menu.Root
      defaultOpen={!!takeOver.intent}
      positioning={{ placement, gutter: 6, sameWidth: placement === 'top-start' }}
      onSelect={({ value }) => {
        if (value === 'start-user-guide') onStartUserGuide?.();
        else if (value === 'support') onSupport?.();
        else if (value === 'logout') logoutChosen.current = true;
      }}
      onExitComplete={() => {
        if (!logoutChosen.current) return;
        logoutChosen.current = false;
        triggerRef.current?.focus();
        onLogout?.();
      }}
    >
      <Menu.TakeOver {...takeOver} />
      <Menu.Trigger {...trigger} ref={triggerRef} />
      <Menu.Positioner>
        {/* The credits summary is not a menu item (a progressbar may not sit inside role=menu), so the
            popup is a labelled section holding the summary and then the menu itself. */}
        <section className={popup} aria-label={`${userName}, ${SHELL_MESSAGES.accountMenu}`}>
          {isPaidPlan && credits && <CreditsBar used={credits.used} total={credits.total} />}
          <Menu.Content className={flatContent}>
            <LinkItem value="profile" to={accountPaths.profile} icon={<UserIcon />}>
              {L.profile}
            </LinkItem>
            <LinkItem value="subscription" to={accountPaths.subscription} icon={<CreditCardIcon />}>
              {L.subscription}
            </LinkItem>
            <Menu.Item value="start-user-guide">
              <CompassIcon />
              {L.startUserGuide}
            </Menu.Item>
            <LinkItem value="manage-brands" to={accountPaths.manageBrands} icon={<BriefcaseIcon />}>
              {L.manageBrands}
            </LinkItem>
            <LinkItem value="settings" to={accountPaths.settings} icon={<SettingsIcon />}>
              {L.settings}
            </LinkItem>
            <LinkItem value="wordpress" to={accountPaths.wordpress} icon={<GlobeIcon />}>
              {L.wordpress}
            </LinkItem>
            <Menu.Item value="support">
              <LifeBuoyIcon />
              {L.support}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" data-tone="danger">
              <LogOutIcon />
              {L.logout}
            </Menu.Item>
          </Menu.Content>
        </section>
      </Menu.Positioner>
    </Menu.Root>
  );
}

export interface ChatItemMenuPartProps {
  trigger: TriggerLook;
  takeOver: MenuTakeOver;
  onSelect: (value: 'rename' | 'delete') => void;
  /** the menu has closed and handed the focus back (Rename starts then, so the field keeps the focus) */
  onExitComplete: () => void;
}

/** A conversation's menu in the sidebar's chat list (01 §2): Rename, Delete. */
export function ChatItemMenuPart({ trigger, takeOver, onSelect, onExitComplete }: ChatItemMenuPartProps) {
  return (
    <Menu.Root
      defaultOpen={!!takeOver.intent}
      positioning={{ placement: 'bottom-end' }}
      onExitComplete={onExitComplete}
      onSelect={({ value }) => {
        if (value === 'rename' || value === 'delete') onSelect(value);
      }}
    >
      <Menu.TakeOver {...takeOver} />
      <Menu.Trigger {...trigger} />
      <Menu.Positioner>
        <Menu.Content>
          <Menu.Item value="rename">{CHAT_LIST_MESSAGES.rename}</Menu.Item>
          <Menu.Item value="delete" data-tone="danger">
            {CHAT_LIST_MESSAGES.delete}
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
