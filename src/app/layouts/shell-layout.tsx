import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { AppShell } from '../../features/shell/app-shell';
import { useServices } from '../services';
import { useCurrentUser, useLogout } from '../../features/auth/use-session';
import { PLAN_ID } from '../../../machines/constants';
import { NavigationGuard } from '../navigation-guard';

/**
 * The app shell around signed-in pages (layouts "dashboard" and "app" of spec 01 §2), wired to the
 * signed-in user: name and avatar in the sidebar footer, the credits bar for paid plans, Support and
 * Log out in the profile menu.
 */
function ShellFrame({ fullHeight }: { fullHeight: boolean }) {
  const { api, $api } = useServices();
  const { user } = useCurrentUser();
  const logout = useLogout();
  const isPaidPlan = !!user && user.user_subscription.plan_id !== PLAN_ID.free;
  const details = useQuery({ ...$api.queryOptions('get', '/api/subscription/details'), enabled: isPaidPlan });
  const d = details.data?.data;
  const credits = d
    ? { used: d.plan_total_credit_usage, total: (d.plan.total_plan_credits ?? 0) + d.total_add_on_credits + d.earned_bonus }
    : null;

  async function openSupport() {
    // Opened synchronously so the browser does not block it as a pop-up, then pointed at the URL.
    const win = window.open('', '_blank', 'noopener');
    try {
      const { data } = await api.GET('/api/support');
      if (win) win.location.href = data!.url;
    } catch {
      win?.close();
    }
  }

  return (
    <AppShell
      sidebar={{
        profile: {
          userName: user?.name ?? '',
          email: user?.email,
          avatarUrl: user?.avatar_url,
          isPaidPlan,
          credits,
          onSupport: () => void openSupport(),
          onLogout: () => void logout(),
        },
      }}
    >
      {/* 01 §4 navigation guard: one per shell (one blocker at a time; generations run only here) */}
      <NavigationGuard />
      <div style={fullHeight ? { height: '100%', display: 'flex', flexDirection: 'column' } : undefined}>
        <Outlet />
      </div>
    </AppShell>
  );
}

/** Layout "dashboard": the shell around a scrolling page. */
export function DashboardLayout() {
  return <ShellFrame fullHeight={false} />;
}

/** Layout "app": the shell around a full-height workspace (chat, blog writer). */
export function AppLayout() {
  return <ShellFrame fullHeight />;
}
