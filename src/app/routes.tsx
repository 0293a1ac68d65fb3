import { lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { useServices } from '@/core/services';
import { useAppActors } from '@/state/app-actors';
import type { SessionUser } from '@machines/session.machine';
import { Splash } from './splash';
import { currentUserQuery, useCurrentUser } from '@/core/current-user';

/**
 * Every route of spec 01 §2 and 03 §2. Layouts (spec: none, dashboard, app):
 *  - none: bare pages (sign-in, register, maintenance, onboarding);
 *  - dashboard: the app shell (sidebar + header) around a scrolling page;
 *  - app: the app shell around a full-height workspace (chat, blog writer).
 * Public pages (/home, /tools, /categories, /pricing, /offer-pricing) use the shell when signed in
 * and a light public frame when signed out. Authenticated routes redirect to /login when signed out.
 * Feature pages load lazily, so each route only downloads its own code.
 *
 * Declarative routes (react-router's `useRoutes`, not its data router — see guarded-history.ts for why):
 * the route checks that were loaders are small gate components (RequireAuth, SignedOutOnly, RewardsGate,
 * HostedSignInReturn). A route's page is a React.lazy component; navigations run in a transition, so the
 * current page stays on screen while the next one downloads, and the first load shows the splash
 * (AppRouter's Suspense). `handle.preload` lets AppRouter download a first route's layout and page at once.
 */
export interface RouteHandle {
  preload(): Promise<unknown>;
  /**
   * Who the route is shown to at all (its gate): a signed-out visit of a 'signedIn' route goes to /login, a signed-in
   * visit of a 'signedOut' one to /home — so the first route's downloads (app.tsx preloadRoute) are those pages'.
   */
  audience?: 'signedIn' | 'signedOut';
}

function lazyRoute<K extends string, P extends object = Record<string, never>>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  const Page = lazy(() => load().then((m): { default: ComponentType<P> } => ({ default: m[name] })));
  return { Page, handle: { preload: load } satisfies RouteHandle };
}

type Gate = ComponentType<{ children: ReactNode }>;

/** `element` wrapped in gates (outermost first). */
const gated = (gates: Gate[], element: ReactNode) => gates.reduceRight<ReactNode>((inner, G) => <G>{inner}</G>, element);

/** A lazily loaded page, wrapped in gates (outermost first). */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, ...gates: Gate[]) {
  const { Page, handle } = lazyRoute(load, name);
  return { element: gated(gates, <Page />), handle: { ...handle, audience: audienceOf(gates) } satisfies RouteHandle };
}

function audienceOf(gates: Gate[]): RouteHandle['audience'] {
  if (gates.includes(RequireAuth)) return 'signedIn';
  if (gates.includes(SignedOutOnly)) return 'signedOut';
  return undefined;
}

/** The one lazy component of every feature not built yet (one chunk, shared by all their routes). */
const pendingPage = lazyRoute(() => import('@/features/pending/pending-feature-page'), 'PendingFeaturePage');

function pending(title: string, area: string, ...gates: Gate[]): Pick<RouteObject, 'element' | 'handle'> {
  return { element: gated(gates, <pendingPage.Page title={title} area={area} />), handle: pendingPage.handle };
}

/** Signed-out visitors of a signed-in page go to /login?next=<the page> (01 §2). */
function RequireAuth({ children }: { children: ReactNode }) {
  const { tokens } = useServices();
  const { pathname, search } = useLocation();
  if (tokens.get()) return children;
  const next = pathname + search;
  return <Navigate replace to={next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login'} />;
}

/** /login and /register: a signed-in user goes to /home. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { tokens } = useServices();
  return tokens.get() ? <Navigate replace to="/home" /> : children;
}

/** The win-free-credits page only when the user's rewards flag equals 1, otherwise / (01 §2). */
function RewardsGate({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  return user?.rewards === 1 ? children : <Navigate replace to="/" />;
}

/**
 * /home is also the return address of the hosted sign-in (01 §2): with ?code=… the code is exchanged first
 * (the splash shows meanwhile), then the user goes where the exchange says (/home signed in, or the login
 * link on failure). One exchange per return address: the code is single-use and the exchange consumes the
 * stored state, so a second render (StrictMode) shares the first one's result.
 */
const exchanges = new Map<string, Promise<string | null>>();

export function HostedSignInReturn({ children }: { children: ReactNode }) {
  const services = useServices();
  const { session } = useAppActors();
  const { pathname, search } = useLocation();
  const hasCode = pathname === '/home' && new URLSearchParams(search).has('code');
  const [target, setTarget] = useState<{ from: string; to: string | null } | null>(null);
  const from = pathname + search;
  useEffect(() => {
    if (!hasCode) return;
    let live = true;
    let exchange = exchanges.get(from);
    if (!exchange) {
      exchange = (async () => {
        const { completeHostedSignIn } = await import('@/features/auth/hosted-sign-in');
        const next = await completeHostedSignIn(new URL(from, window.location.origin), {
          api: services.api,
          tokens: services.tokens,
          storage: sessionStorage,
          now: () => Date.now(),
          origin: window.location.origin,
        });
        if (next === '/home') {
          // Signed in: hand the user to the session machine (see src/state/app-actors.tsx).
          try {
            const reply = await services.queryClient.fetchQuery(currentUserQuery(services.$api));
            session.send({ type: 'session.signIn', user: reply.data.user as unknown as SessionUser });
          } catch {
            // the shell asks for the user again; the session verifies on the next load
          }
        }
        return next;
      })();
      exchanges.set(from, exchange);
    }
    void exchange.then((to) => {
      if (live) setTarget({ from, to });
    });
    return () => {
      live = false;
    };
  }, [hasCode, from, services, session]);
  if (!hasCode) return children;
  if (target?.from !== from) return <Splash />;
  return target.to ? <Navigate replace to={target.to} /> : children;
}

const bare = lazyRoute(() => import('./layouts/bare-layout'), 'BareLayout');
const adaptive = lazyRoute(() => import('./layouts/adaptive-layout'), 'AdaptiveLayout');
const dashboard = lazyRoute(() => import('./layouts/shell-layout'), 'DashboardLayout');
const appLayout = lazyRoute(() => import('./layouts/shell-layout'), 'AppLayout');
const pricing = () => import('@/features/billing/pricing-page');

export const appRoutes: RouteObject[] = [
  // ── layout: none ────────────────────────────────────────────────
  {
    element: <bare.Page />,
    handle: bare.handle,
    children: [
      { path: 'login', ...page(() => import('@/features/auth/login-page'), 'LoginPage', SignedOutOnly) },
      { path: 'register', ...page(() => import('@/features/auth/register-page'), 'RegisterPage', SignedOutOnly) },
      { path: 'auth/google/callback', ...page(() => import('@/features/auth/google-callback-page'), 'GoogleCallbackPage') },
      { path: 'connectWordPress', ...pending('Connect WordPress', 'wordpress') },
      { path: 'forgotpassword', ...page(() => import('@/features/auth/forgot-password-page'), 'ForgotPasswordPage') },
      { path: 'resetpassword', ...page(() => import('@/features/auth/reset-password-page'), 'ResetPasswordPage') },
      { path: 'verify-email', ...page(() => import('@/features/auth/verify-email-page'), 'VerifyEmailPage') },
      { path: 'server-maintenance', ...page(() => import('@/features/errors/maintenance-page'), 'MaintenancePage') },
      { path: 'test', ...page(() => import('@/features/system/test-page'), 'TestPage') },
      { path: 'onboarding', ...page(() => import('@/features/onboarding/onboarding-page'), 'OnboardingPage', RequireAuth) },
    ],
  },
  // ── public pages: shell when signed in, public frame otherwise ──
  {
    element: <adaptive.Page />,
    handle: adaptive.handle,
    children: [
      { index: true, ...page(() => import('@/features/home/root-page'), 'RootPage') },
      { path: 'home', ...page(() => import('@/features/home/home-page'), 'HomePage') },
      { path: 'categories/:categorySlug', ...pending('Tool category', 'catalogue') },
      { path: 'tools/:slug', ...pending('AI tool', 'catalogue') },
      { path: 'pricing', ...page(pricing, 'PricingPage') },
      { path: 'offer-pricing', ...page(pricing, 'OfferPricingPage') },
    ],
  },
  // ── layout: dashboard (signed in) ───────────────────────────────
  {
    element: (
      <RequireAuth>
        <dashboard.Page />
      </RequireAuth>
    ),
    handle: { ...dashboard.handle, audience: 'signedIn' } satisfies RouteHandle,
    children: [
      { path: 'dashboard', ...pending('AI Tools', 'catalogue') },
      { path: 'dashboard/tools/:categorySlug', ...pending('AI Tools', 'catalogue') },
      { path: 'image-generator', ...pending('AI Image Generator', 'images') },
      { path: 'video-generator', ...pending('AI Video Generator', 'video') },
      { path: 'content/new', ...pending('AI tool', 'tools') },
      { path: 'kit/:multipromptId', ...pending('Kit', 'kits') },
      { path: 'history', ...pending('History', 'tools') },
      { path: 'storybook-library', ...pending('Storybook Image Creator', 'storybook') },
      { path: 'storybook-library/details', ...pending('Storybook', 'storybook') },
      { path: 'credit-based', ...page(() => import('@/features/billing/credit-based-page'), 'CreditBasedPage') },
      { path: 'rewards', ...pending('Win free credits', 'rewards', RewardsGate) },
      { path: 'blog-library', ...pending('Blog Library', 'blog') },
      { path: 'ai-text-humanizer', ...pending('AI Text Humanizer', 'tools') },
      { path: 'easy-blog-writer', ...pending('Easy Blog Writer', 'easy-blog') },
      { path: 'easy-blog-writer/outline/:blogId?', ...pending('Easy Blog Writer', 'easy-blog') },
      { path: 'easy-blog-writer/edit-blog/:blogId', ...pending('Easy Blog Writer', 'easy-blog') },
    ],
  },
  // ── layout: app (signed in, full-height workspace) ──────────────
  {
    element: (
      <RequireAuth>
        <appLayout.Page />
      </RequireAuth>
    ),
    handle: { ...appLayout.handle, audience: 'signedIn' } satisfies RouteHandle,
    children: [
      { path: 'chat', ...page(() => import('@/features/chat/chat-page'), 'ChatPage') },
      { path: 'blog-writer', ...pending('Long Blog Writer', 'blog') },
    ],
  },
  { path: 'rewrite-article', element: <Navigate replace to="/ai-text-humanizer" /> },
  { path: '*', ...page(() => import('@/features/errors/not-found-page'), 'NotFoundPage') },
];

