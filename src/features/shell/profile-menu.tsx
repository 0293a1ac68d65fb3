import { css } from 'styled-system/css';
import { Avatar } from '@/ui/avatar';
import { ChevronsUpDownIcon } from '@/ui/icons';
import { useMenuPlaceholder } from '@/ui/menu-placeholder';
import { SHELL_MESSAGES } from './messages';
import { shellMenus } from './shell-menus';

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
const chevron = css({ color: 'fg.muted', flexShrink: 0 });

/**
 * The user-name menu of the sidebar footer (01 §2 Profile menu): credits bar (paid plans only),
 * Profile, Subscription, Start User Guide, Manage Brands, Settings, Wordpress, Support, Log out.
 *
 * The menu itself (Ark Menu) is in ./shell-menu-parts.tsx, loaded after the first route (./shell-menus.ts);
 * until then the trigger is a plain button that looks the same and opens the menu once it has arrived.
 */
export function ProfileMenu({ email, avatarUrl, ...props }: ProfileMenuProps) {
  const parts = shellMenus.useModule();
  const placeholder = useMenuPlaceholder(shellMenus.preload, !!parts);
  const look = {
    className: trigger,
    'aria-label': `${props.userName}, ${SHELL_MESSAGES.accountMenu}`,
    children: (
      <>
        <Avatar name={props.userName} src={avatarUrl} size="sm" />
        <span className={triggerText}>
          <span className={name}>{props.userName}</span>
          {email && <span className={sub}>{email}</span>}
        </span>
        <ChevronsUpDownIcon className={chevron} size={16} />
      </>
    ),
  };
  if (parts && placeholder.ready) {
    const { intent, focusTrigger } = placeholder;
    return <parts.ProfileMenuPart {...props} trigger={look} takeOver={{ intent, focusTrigger }} />;
  }
  return <button {...placeholder.props} {...look} />;
}
