import { lazy, Suspense, useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { AppShell } from '@/features/shell/app-shell';
import { isImpersonating, ToolSearchTrigger, useToolSearchShortcut } from '@/features/shell/header';
import { TrialCountdown } from '@/features/shell/trial-countdown';
import { VideoGeneratorBanner, VideoMaintenanceBanner } from '@/features/shell/banners';
import { useServices } from '@/core/services';
import { useCurrentUser } from '@/core/current-user';
import { useAppActors } from '@/state/app-actors';
import { useSupport } from '@/state/support';
import { PLAN_ID } from '@machines/constants';
import { NavigationGuard } from '../navigation-guard';
import { useOnboardingStart } from '@/features/onboarding/start';
import { mobileAppUrl } from '@/features/shell/mobile-app-url';
import { useSignedInIntegrations } from '@/platform/use-integrations';
import { shellMenus } from '@/features/shell/shell-menus';
import { deferredModule, usePreloadAfter } from '@/ui/deferred-module';

// 01 §1 mobile-app promotion: its own chunk (the QR encoder), shown only when a store address is configured.
const MobileAppPromo = lazy(async () => ({ default: (await import('@/features/shell/mobile-app-promo')).MobileAppPromo }));

// The search modal (Ark Dialog, the result list) loads on the first open: the first route does not carry it.
// only users whose plan is not active see it, so it loads with them, not with the first route
const SubscriptionBanner = lazy(() => import('@/features/shell/subscription-banner').then((m) => ({ default: m.SubscriptionBanner })));
const ToolSearchDialog = lazy(() => import('@/features/shell/tool-search').then((m) => ({ default: m.ToolSearchDialog })));

/*
 * The floating live-webinar button (01 §2) mounts after the first route, with the shell's menus: it is fixed in a
 * corner, so appearing a moment later shifts nothing (CLS), and its machine and the bridge to the webinar dialog
 * (~3 KB gzip) leave the first route's JavaScript. Its 120 s prompt counts from that mount.
 */
const webinarButton = deferredModule(() => import('@/features/shell/webinar-button'));
// The header's Upgrade button (its machine and wiring, ~3 KB gzip) is not needed to show the first route: it loads at
// the quiet moment after it, as the menus and the webinar button do (the first route's 150 KB budget).
const upgradeButton = deferredModule(() => import('@/features/shell/upgrade-button'));

/**
 * Where 'Switch to Old UI' goes (01 §2: shown only in impersonation mode). The old app's address is not in the
 * spec: VITE_OLD_UI_URL sets it; without it the link leads to the start page.
 */
const OLD_UI_URL = (import.meta.env.VITE_OLD_UI_URL as string | undefined) || '/';

/**
 * The app shell around signed-in pages (layouts "dashboard" and "app" of spec 01 §2), wired to the
 * signed-in user: name and avatar in the sidebar footer, the credits bar for paid plans, Support and
 * Log out in the profile menu; in the header the tool search, the trial countdown (plan 1), the upgrade button
 * and, in impersonation mode, 'Switch to Old UI'; the video banners above the page and the floating
 * live-webinar button (01 §2, §4).
 */
function ShellFrame({ fullHeight }: { fullHeight: boolean }) {
  const { $api } = useServices();
  const { user } = useCurrentUser();
  const { dialogs, afterFirstRoute } = useAppActors();
  // the profile and chat menus (their triggers work before that) and the webinar button load at the app's
  // quiet moment after the first route
  usePreloadAfter(afterFirstRoute, shellMenus, webinarButton, upgradeButton);
  const webinar = webinarButton.useModule();
  const upgrade = upgradeButton.useModule();
  const isPaidPlan = !!user && user.user_subscription.plan_id !== PLAN_ID.free;
  const details = useQuery({ ...$api.queryOptions('get', '/api/subscription/details'), enabled: isPaidPlan });
  const d = details.data?.data;
  const credits = d
    ? { used: d.plan_total_credit_usage, total: (d.plan.total_plan_credits ?? 0) + d.total_add_on_credits + d.earned_bonus }
    : null;
  // Flags of the shell; until they load (or when the call fails) both stay off.
  const flags = useQuery({ ...$api.queryOptions('get', '/api/app-flags'), enabled: !!user, retry: false }).data?.data;

  // Tool search: mounted on the first open and kept (its 300 ms cleanup runs after it closes).
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchMounted, setSearchMounted] = useState(false);
  const openSearch = useCallback(() => {
    setSearchMounted(true);
    setSearchOpen(true);
  }, []);
  useToolSearchShortcut(openSearch, !searchOpen);
  const [impersonating] = useState(() => isImpersonating());
  useOnboardingStart(user, impersonating);
  useSignedInIntegrations(user, impersonating);

  const openSupport = useSupport(!!user);

  const sub = user?.user_subscription;
  const mobileUrl = mobileAppUrl(import.meta.env as Record<string, string | boolean | undefined>);
  return (
    <AppShell
      fullHeight={fullHeight}
      header={{
        toolSearch: <ToolSearchTrigger onOpen={openSearch} />,
        actions:
          user && sub ? <TrialCountdown createdAt={user.created_at} planId={sub.plan_id} enabled={!!flags?.trialCountdown} /> : undefined,
        upgradeButton:
          sub && user && upgrade ? (
            <upgrade.UpgradeButton planId={sub.plan_id} paymentFrequency={sub.payment_frequency} isMonthlyDisabled={user.is_monthly_disabled === 1} />
          ) : undefined,
        impersonating,
        oldUiHref: OLD_UI_URL,
      }}
      sidebar={{
        onSearchTools: openSearch,
        promotion: mobileUrl ? (
          <Suspense fallback={null}>
            <MobileAppPromo url={mobileUrl} />
          </Suspense>
        ) : undefined,
        profile: {
          userName: user?.name ?? '',
          email: user?.email,
          avatarUrl: user?.avatar_url,
          isPaidPlan,
          credits,
          onSupport: () => void openSupport(),
          // 01 §2 'logout confirmation': the dialog asks, then runs the session's logout
          onLogout: () => dialogs.send({ type: 'dialog.open', dialog: { name: 'logout' } }),
        },
      }}
    >
      {/* 01 §4 navigation guard: one per shell (one blocker at a time; generations run only here) */}
      <NavigationGuard />
      {sub && sub.status !== 'active' && (
        <Suspense fallback={null}>
          <SubscriptionBanner status={sub.status} planTitle={sub.plan.title} endAt={sub.end_at} now={Date.now()} />
        </Suspense>
      )}
      {user && <VideoGeneratorBanner userId={user.id} />}
      <VideoMaintenanceBanner on={!!flags?.videoMaintenance} />
      <div style={fullHeight ? { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' } : undefined}>
        <Outlet />
      </div>
      {user && webinar && <webinar.WebinarButton user={user} raised={fullHeight} />}
      {searchMounted && (
        <Suspense fallback={null}>
          <ToolSearchDialog open={searchOpen} onOpenChange={setSearchOpen} />
        </Suspense>
      )}
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
