import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { Avatar } from '../../ui/avatar';
import {
  BriefcaseIcon,
  ChevronsUpDownIcon,
  CompassIcon,
  CreditCardIcon,
  GlobeIcon,
  LifeBuoyIcon,
  LogOutIcon,
  SettingsIcon,
  UserIcon,
} from '../../ui/icons';
import * as Menu from '../../ui/menu';
import { ProgressBar } from '../../ui/progress';
import { PROFILE_MENU_LABELS as L, SHELL_MESSAGES } from './messages';
import { PROFILE_HREFS } from './routes';

export interface CreditsSummary {
  /** Credits spent in the current period. */
  used: number;
  /** Credits granted for the period (plan + add-ons). */
  total: number;
}

export interface ProfileMenuProps {
  userName: string;
  email?: string | null;
  avatarUrl?: string | null;
  /** Paid plans (plan_id ≠ 1) see the credits bar (01 §2). */
  isPaidPlan: boolean;
  credits?: CreditsSummary | null;
  onStartUserGuide?: () => void;
  onSupport?: () => void;
  onLogout?: () => void;
  /** Where the menu opens from its trigger (sidebar footer: 'top-start'). */
  placement?: 'top-start' | 'bottom-end' | 'right-end';
}

const trigger = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  width: 'full',
  minW: '0',
  p: '2',
  borderRadius: 'md',
  textAlign: 'start',
  color: 'fg.default',
  cursor: 'pointer',
  transition: 'background {durations.fast}',
  _hover: { bg: 'bg.subtle' },
  _open: { bg: 'bg.subtle' },
});
const triggerText = css({ display: 'flex', flexDirection: 'column', flex: '1', minW: '0', lineHeight: '1.3' });
const name = css({ fontSize: 'sm', fontWeight: 'semibold', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const sub = css({ fontSize: 'xs', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const creditsBox = css({ display: 'flex', flexDirection: 'column', gap: '2', px: '4', pt: '3.5', pb: '3' });
const creditsLine = css({ display: 'flex', justifyContent: 'space-between', fontSize: 'xs', color: 'fg.muted' });
const creditsStrong = css({ color: 'fg.default', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' });
const chevron = css({ color: 'fg.muted', flexShrink: 0 });
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

const numberFormat = new Intl.NumberFormat('en-US');

/** Credits summary (paid plans only): text plus a usage bar capped at 100 % (01 §9). */
function CreditsBar({ used, total }: CreditsSummary) {
  const percent = total > 0 ? (used / total) * 100 : 100;
  return (
    <div className={creditsBox} data-credits="">
      <div className={creditsLine}>
        <span>{SHELL_MESSAGES.credits}</span>
        <span>
          <span className={creditsStrong}>{numberFormat.format(Math.max(0, used))}</span> /{' '}
          {numberFormat.format(Math.max(0, total))}
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

/**
 * The user-name menu of the sidebar footer (01 §2 Profile menu): credits bar (paid plans only),
 * Profile, Subscription, Start User Guide, Manage Brands, Settings, Wordpress, Support, Log out.
 */
export function ProfileMenu({
  userName,
  email,
  avatarUrl,
  isPaidPlan,
  credits,
  onStartUserGuide,
  onSupport,
  onLogout,
  placement = 'top-start',
}: ProfileMenuProps) {
  return (
    <Menu.Root
      positioning={{ placement, gutter: 6, sameWidth: placement === 'top-start' }}
      onSelect={({ value }) => {
        if (value === 'start-user-guide') onStartUserGuide?.();
        else if (value === 'support') onSupport?.();
        else if (value === 'logout') onLogout?.();
      }}
    >
      <Menu.Trigger className={trigger} aria-label={`${userName}, ${SHELL_MESSAGES.accountMenu}`}>
        <Avatar name={userName} src={avatarUrl} size="sm" />
        <span className={triggerText}>
          <span className={name}>{userName}</span>
          {email && <span className={sub}>{email}</span>}
        </span>
        <ChevronsUpDownIcon className={chevron} size={16} />
      </Menu.Trigger>
      <Menu.Positioner>
        {/* The credits summary is not a menu item (a progressbar may not sit inside role=menu), so the
            popup is a labelled section holding the summary and then the menu itself. */}
        <section className={popup} aria-label={`${userName}, ${SHELL_MESSAGES.accountMenu}`}>
          {isPaidPlan && credits && <CreditsBar used={credits.used} total={credits.total} />}
          <Menu.Content className={flatContent}>
          <LinkItem value="profile" to={PROFILE_HREFS.profile} icon={<UserIcon />}>
            {L.profile}
          </LinkItem>
          <LinkItem value="subscription" to={PROFILE_HREFS.subscription} icon={<CreditCardIcon />}>
            {L.subscription}
          </LinkItem>
          <Menu.Item value="start-user-guide">
            <CompassIcon />
            {L.startUserGuide}
          </Menu.Item>
          <LinkItem value="manage-brands" to={PROFILE_HREFS.manageBrands} icon={<BriefcaseIcon />}>
            {L.manageBrands}
          </LinkItem>
          <LinkItem value="settings" to={PROFILE_HREFS.settings} icon={<SettingsIcon />}>
            {L.settings}
          </LinkItem>
          <LinkItem value="wordpress" to={PROFILE_HREFS.wordpress} icon={<GlobeIcon />}>
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
