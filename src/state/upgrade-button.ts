/**
 * The one wiring of the upgrade-button machine (machines/upgrade-button.machine.ts, 01 §4 "Upgrade button behaviour
 * by plan_id", 01 §9 bounce), for every Upgrade button (the header's and the chat header's): it hosts the machine
 * for the calling component (useActorRef), keeps its location flag current, and connects what it emits to the
 * app — a destination to the router through the paths module, the upgrade dialog to the dialogs actor, the scroll
 * to the subscription page's upgrade section.
 *
 * The machine's first state depends on its input (hidden for Pro yearly, animated for plan 1), so a component
 * whose plan can change is keyed by it: `<Button key={`${planId}-${paymentFrequency}-${isMonthlyDisabled}`} />`.
 */
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { upgradeButtonMachine, type UpgradeDestination } from '@machines/upgrade-button.machine';
import { accountPaths, paths } from '@/core/paths';
import { useAppActors } from './app-actors';

/** The element id of the subscription page's upgrade section (01 §2 /credit-based …&section=priceSection). */
export const UPGRADE_SECTION_ID = 'priceSection';

const HREF: Record<UpgradeDestination, string> = {
  subscription: accountPaths.subscription,
  offerPricing: paths.offerPricing,
  pricing: paths.pricing,
};

export interface UpgradeButtonPlan {
  planId: number;
  paymentFrequency: 'monthly' | 'yearly';
  isMonthlyDisabled: boolean;
}

function isOnSubscriptionSection(pathname: string, search: string): boolean {
  return pathname === paths.creditBased && new URLSearchParams(search).get('target') === 'subscription';
}

/** Brings the upgrade section into view, or opens the page at it when it is not on screen. */
function scrollToUpgradeSection(navigate: (to: string) => void) {
  const section = document.getElementById(UPGRADE_SECTION_ID);
  if (!section) {
    navigate(accountPaths.subscriptionPrices);
    return;
  }
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  section.focus?.({ preventScroll: true });
}

interface UpgradeButtonState {
  /** 01 §4 / §6: no button for Pro on yearly payment */
  hidden: boolean;
  /** 01 §4 / §9: plan 1's bounce, 1.5 s every 30 s */
  bouncing: boolean;
  click(): void;
}

export function useUpgradeButton({ planId, paymentFrequency, isMonthlyDisabled }: UpgradeButtonPlan): UpgradeButtonState {
  const { dialogs } = useAppActors();
  const navigate = useNavigate();
  const location = useLocation();
  const onSection = isOnSubscriptionSection(location.pathname, location.search);
  const actor = useActorRef(upgradeButtonMachine, {
    input: { planId, paymentFrequency, isMonthlyDisabled, onSubscriptionSection: onSection },
  });
  const hidden = useSelector(actor, (s) => s.matches('hidden'));
  const bouncing = useSelector(actor, (s) => s.matches({ visible: { animated: 'bouncing' } }));

  useEffect(() => {
    actor.send({ type: 'upgrade.location', onSubscriptionSection: onSection });
  }, [actor, onSection]);

  useEffect(() => {
    const subs = [
      actor.on('upgrade.navigate', ({ destination }) => navigate(HREF[destination])),
      actor.on('upgrade.scrollToSection', () => scrollToUpgradeSection(navigate)),
      actor.on('upgrade.openDialog', ({ dialog }) => dialogs.send({ type: 'dialog.open', dialog })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, navigate, dialogs]);

  const click = useCallback(() => actor.send({ type: 'upgrade.click' }), [actor]);
  return { hidden, bouncing, click };
}
