import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { css } from 'styled-system/css';
import * as Tabs from '@/ui/tabs';
import { Spinner } from '@/ui/spinner';
import { ChevronRightIcon } from '@/ui/icons';
import { ACCOUNT_PAGE as a } from './messages';
import { CheckoutReturn } from './checkout-return';

/** 01 §2: /credit-based?target=profile, subscription, brand, settings, wordpress or topup-credits. */
export const TARGETS = ['profile', 'subscription', 'brand', 'settings', 'wordpress', 'topup-credits'] as const;
export type Target = (typeof TARGETS)[number];

export function parseTarget(value: string | null): Target {
  return (TARGETS as readonly string[]).includes(value ?? '') ? (value as Target) : 'profile';
}

const ProfileTarget = lazy(() => import('./targets/profile-target').then((m) => ({ default: m.ProfileTarget })));
const SubscriptionTarget = lazy(() => import('./targets/subscription-target').then((m) => ({ default: m.SubscriptionTarget })));
const SettingsTarget = lazy(() => import('./targets/settings-target').then((m) => ({ default: m.SettingsTarget })));
const WordpressTarget = lazy(() => import('./targets/wordpress-target').then((m) => ({ default: m.WordpressTarget })));
const BrandsTarget = lazy(() => import('./targets/brands-target').then((m) => ({ default: m.BrandsTarget })));
const TopupCreditsTarget = lazy(() => import('./targets/topup-credits-target').then((m) => ({ default: m.TopupCreditsTarget })));


function TargetContent({ target, params }: { target: Target; params: URLSearchParams }) {
  switch (target) {
    case 'profile':
      return <ProfileTarget />;
    case 'subscription':
      return <SubscriptionTarget section={params.get('section')} />;
    case 'brand':
      // The brand manager reads its own view from the address (page, search, brand, step).
      return <BrandsTarget />;
    case 'settings':
      return <SettingsTarget />;
    case 'wordpress':
      return <WordpressTarget />;
    case 'topup-credits':
      return <TopupCreditsTarget />;
  }
}

/** Where "Back to your blog" goes when the page was opened from a blog (blog_id / easy_blog_id, 01 §2). */
export function blogReturn(params: URLSearchParams): string | null {
  const blog = params.get('blog_id');
  const easy = params.get('easy_blog_id');
  if (blog && /^[\w-]{1,64}$/.test(blog)) return `/blog-writer?blog_id=${encodeURIComponent(blog)}`;
  if (easy && /^[\w-]{1,64}$/.test(easy)) return `/easy-blog-writer/edit-blog/${encodeURIComponent(easy)}`;
  return null;
}

/**
 * /credit-based (01 §2): the account page, one tab per target. Switching tabs rewrites ?target= (keeping
 * blog_id / easy_blog_id so the way back to a blog stays), section=priceSection scrolls to the upgrade
 * section, page is the brand list page. A checkout's return (session_id, razorpay_payment_id,
 * checkout=failed) is confirmed at the top of the page.
 */
export function CreditBasedPage() {
  const [params, setParams] = useSearchParams();
  const target = parseTarget(params.get('target'));
  const back = blogReturn(params);

  const select = (value: string) =>
    setParams((p) => {
      const next = new URLSearchParams();
      next.set('target', value);
      for (const k of ['blog_id', 'easy_blog_id']) if (p.get(k)) next.set(k, p.get(k)!);
      if (value === 'brand') next.set('page', '1');
      return next;
    });

  return (
    <section className={css({ maxW: '5xl', mx: 'auto', w: 'full', px: { base: '4', md: '8' }, py: { base: '6', md: '10' } })}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', mb: '6', flexWrap: 'wrap' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{a.title}</h1>
        {back && (
          <Link to={back} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'accent.text', fontWeight: 'medium', fontSize: 'sm' })}>
            {a.backToBlog}
            <ChevronRightIcon aria-hidden width={16} height={16} />
          </Link>
        )}
      </div>
      <CheckoutReturn />
      <Tabs.Root value={target} onValueChange={(d) => select(d.value)} lazyMount unmountOnExit>
        <Tabs.List className={css({ overflowX: 'auto', mb: '6' })}>
          {TARGETS.map((t) => (
            <Tabs.Trigger key={t} value={t}>
              {a.tabs[t]}
            </Tabs.Trigger>
          ))}
          <Tabs.Indicator />
        </Tabs.List>
        {TARGETS.map((t) => (
          <Tabs.Content key={t} value={t}>
            <Suspense
              fallback={
                <div className={css({ display: 'flex', justifyContent: 'center', py: '10' })}>
                  <Spinner label={a.tabs[t]} />
                </div>
              }
            >
              {t === target && <TargetContent target={t} params={params} />}
            </Suspense>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
