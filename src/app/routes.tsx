import { redirect, type RouteObject, type LoaderFunctionArgs } from 'react-router-dom';
import type { AppServices } from './services';
import type { AppActors } from '../state/app-actors';
import type { SessionUser } from '../../machines/session.machine';
import { RouteError } from '../features/errors/route-error';
import { Splash } from './splash';

/**
 * Every route of spec 01 §2 and 03 §2. Layouts (spec: none, dashboard, app):
 *  - none: bare pages (sign-in, register, maintenance, onboarding);
 *  - dashboard: the app shell (sidebar + header) around a scrolling page;
 *  - app: the app shell around a full-height workspace (chat, blog writer).
 * Public pages (/home, /tools, /categories, /pricing, /offer-pricing) use the shell when signed in
 * and a light public frame when signed out. Authenticated routes redirect to /login when signed out.
 * Feature pages load lazily, so each route only downloads its own code.
 */
export function createRoutes(services: AppServices, actors?: Pick<AppActors, 'session'>): RouteObject[] {
  const requireAuth = ({ request }: LoaderFunctionArgs) => {
    if (services.tokens.get()) return null;
    const url = new URL(request.url);
    const next = url.pathname + url.search;
    return redirect(next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login');
  };
  const redirectIfSignedIn = () => (services.tokens.get() ? redirect('/home') : null);

  const pending = (title: string, area: string) => ({
    lazy: async () => {
      const { PendingFeaturePage } = await import('../features/pending/pending-feature-page');
      return { Component: () => <PendingFeaturePage title={title} area={area} /> };
    },
  });

  return [
    {
      path: '/',
      errorElement: <RouteError />,
      HydrateFallback: Splash,
      children: [
        // ── layout: none ────────────────────────────────────────────────
        {
          lazy: async () => ({ Component: (await import('./layouts/bare-layout')).BareLayout }),
          children: [
            { path: 'login', loader: redirectIfSignedIn, lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }) },
            { path: 'register', loader: redirectIfSignedIn, lazy: async () => ({ Component: (await import('../features/auth/register-page')).RegisterPage }) },
            { path: 'auth/google/callback', lazy: async () => ({ Component: (await import('../features/auth/google-callback-page')).GoogleCallbackPage }) },
            { path: 'connectWordPress', ...pending('Connect WordPress', 'wordpress') },
            { path: 'forgotpassword', lazy: async () => ({ Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage }) },
            { path: 'resetpassword', lazy: async () => ({ Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage }) },
            { path: 'verify-email', lazy: async () => ({ Component: (await import('../features/auth/verify-email-page')).VerifyEmailPage }) },
            { path: 'server-maintenance', lazy: async () => ({ Component: (await import('../features/errors/maintenance-page')).MaintenancePage }) },
            { path: 'test', lazy: async () => ({ Component: (await import('../features/system/test-page')).TestPage }) },
            { path: 'onboarding', loader: requireAuth, lazy: async () => ({ Component: (await import('../features/onboarding/onboarding-page')).OnboardingPage }) },
          ],
        },
        // ── public pages: shell when signed in, public frame otherwise ──
        {
          lazy: async () => ({ Component: (await import('./layouts/adaptive-layout')).AdaptiveLayout }),
          children: [
            {
              index: true,
              lazy: async () => ({ Component: (await import('../features/home/root-page')).RootPage }),
            },
            {
              path: 'home',
              // /home is also the return address of the hosted sign-in (01 §2): exchange ?code=… first.
              loader: async ({ request }) => {
                const url = new URL(request.url);
                if (!url.searchParams.has('code')) return null;
                const { completeHostedSignIn } = await import('../features/auth/hosted-sign-in');
                const next = await completeHostedSignIn(url, {
                  api: services.api,
                  tokens: services.tokens,
                  storage: sessionStorage,
                  now: () => Date.now(),
                  origin: window.location.origin,
                });
                if (next === '/home') {
                  // Signed in: hand the user to the session machine (see src/state/app-actors.tsx).
                  try {
                    const reply = await services.queryClient.fetchQuery(services.$api.queryOptions('get', '/api/auth/getUser'));
                    actors?.session.send({ type: 'session.signIn', user: reply.data.user as unknown as SessionUser });
                  } catch {
                    // the shell asks for the user again; the session verifies on the next load
                  }
                }
                return next ? redirect(next) : null;
              },
              lazy: async () => ({ Component: (await import('../features/home/home-page')).HomePage }),
            },
            { path: 'categories/:categorySlug', ...pending('Tool category', 'catalogue') },
            { path: 'tools/:slug', ...pending('AI tool', 'catalogue') },
            { path: 'pricing', lazy: async () => ({ Component: (await import('../features/billing/pricing-page')).PricingPage }) },
            { path: 'offer-pricing', lazy: async () => ({ Component: (await import('../features/billing/pricing-page')).OfferPricingPage }) },
          ],
        },
        // ── layout: dashboard (signed in) ───────────────────────────────
        {
          loader: requireAuth,
          lazy: async () => ({ Component: (await import('./layouts/shell-layout')).DashboardLayout }),
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
            { path: 'credit-based', lazy: async () => ({ Component: (await import('../features/billing/credit-based-page')).CreditBasedPage }) },
            {
              path: 'rewards',
              // The win-free-credits page only when the user's rewards flag equals 1, otherwise / (01 §2).
              loader: async (args) => {
                const denied = requireAuth(args);
                if (denied) return denied;
                try {
                  const reply = await services.queryClient.fetchQuery(services.$api.queryOptions('get', '/api/auth/getUser'));
                  return reply.data.user.rewards === 1 ? null : redirect('/');
                } catch {
                  return redirect('/');
                }
              },
              ...pending('Win free credits', 'rewards'),
            },
            { path: 'blog-library', ...pending('Blog Library', 'blog') },
            { path: 'ai-text-humanizer', ...pending('AI Text Humanizer', 'tools') },
            { path: 'easy-blog-writer', ...pending('Easy Blog Writer', 'easy-blog') },
            { path: 'easy-blog-writer/outline/:blogId?', ...pending('Easy Blog Writer', 'easy-blog') },
            { path: 'easy-blog-writer/edit-blog/:blogId', ...pending('Easy Blog Writer', 'easy-blog') },
          ],
        },
        // ── layout: app (signed in, full-height workspace) ──────────────
        {
          loader: requireAuth,
          lazy: async () => ({ Component: (await import('./layouts/shell-layout')).AppLayout }),
          children: [
            { path: 'chat', lazy: async () => ({ Component: (await import('../features/chat/chat-page')).ChatPage }) },
            { path: 'blog-writer', ...pending('Long Blog Writer', 'blog') },
          ],
        },
        { path: 'rewrite-article', loader: () => redirect('/ai-text-humanizer') },
        { path: '*', lazy: async () => ({ Component: (await import('../features/errors/not-found-page')).NotFoundPage }) },
      ],
    },
  ];
}
