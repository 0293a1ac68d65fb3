/**
 * Onboarding rules (01 §2, 03 §4, §9): where the dashboard start sends a user, the step counts, and each
 * step's validation messages.
 */
import { describe, expect, it } from 'vitest';
import { isExemptFromOnboarding, onboardingRedirect } from '@/features/onboarding/start';
import { BUSINESS_STEPS, INDIVIDUAL_STEPS, stepAnswers, stepsFor, validateStep } from '@/features/onboarding/steps';
import { ONBOARDING_TEXT as t } from '@/features/onboarding/messages';

const user = (o: Partial<{ isFirstLogin: boolean; is_onboard: 0 | 1; is_onboard_skipped: 0 | 1 }> = {}) => ({
  id: 1, isFirstLogin: false, is_onboard: 0 as 0 | 1, is_onboard_skipped: 0 as 0 | 1, ...o,
});

describe('dashboard start', () => {
  it('sends a user who neither finished nor skipped onboarding to /onboarding', () => {
    expect(onboardingRedirect(user(), false)).toBe('/onboarding');
  });
  it('leaves onboarded, skipped and impersonated users where they are', () => {
    expect(onboardingRedirect(user({ is_onboard: 1 }), false)).toBeNull();
    expect(onboardingRedirect(user({ is_onboard_skipped: 1 }), false)).toBeNull();
    expect(onboardingRedirect(user(), true)).toBeNull();
  });
  it('leaves a first login to the welcome → offer → onboarding chain', () => {
    expect(onboardingRedirect(user({ isFirstLogin: true }), false)).toBeNull();
  });
  it('never interrupts the plans, the account pages or a checkout return', () => {
    expect(isExemptFromOnboarding('/pricing', '')).toBe(true);
    expect(isExemptFromOnboarding('/offer-pricing', '')).toBe(true);
    expect(isExemptFromOnboarding('/credit-based', '?target=subscription')).toBe(true);
    expect(isExemptFromOnboarding('/home', '?session_id=cs_test_1')).toBe(true);
    expect(isExemptFromOnboarding('/home', '')).toBe(false);
    expect(isExemptFromOnboarding('/chat', '?id=3')).toBe(false);
  });
});

describe('steps', () => {
  it('3 for an individual, 7 for a business (a business until the type is chosen)', () => {
    expect(INDIVIDUAL_STEPS).toHaveLength(3);
    expect(BUSINESS_STEPS).toHaveLength(7);
    expect(stepsFor({ is_individual: 1 })).toBe(INDIVIDUAL_STEPS);
    expect(stepsFor({ is_individual: 0 })).toBe(BUSINESS_STEPS);
    expect(stepsFor({})).toBe(BUSINESS_STEPS);
  });

  it('step 1 needs the account type and a role', () => {
    expect(validateStep(0, {})).toEqual({ is_individual: t.accountTypeRequired, role: t.roleRequired });
    expect(validateStep(0, { is_individual: 1, role: '   ' })).toEqual({ role: t.roleRequired });
    expect(validateStep(0, { is_individual: 0, role: 'Founder' })).toEqual({});
  });

  it('an individual: use case, then country with an optional phone that must look like one', () => {
    expect(validateStep(1, { is_individual: 1 })).toEqual({ useCase: t.useCaseRequired });
    expect(validateStep(2, { is_individual: 1 })).toEqual({ country: t.countryRequired });
    expect(validateStep(2, { is_individual: 1, country: 'Chile', phone: 'abc' })).toEqual({ phone: t.phoneInvalid });
    expect(validateStep(2, { is_individual: 1, country: 'Chile', phone: '+56 2 1234 5678' })).toEqual({});
  });

  it('a business who wants a call must give a time and a phone number; one who does not, neither', () => {
    const call = { is_individual: 0 as const, chatAvailability: 'Yes, I would like a call' };
    expect(validateStep(5, call)).toEqual({ preferredTime: t.timeRequired });
    expect(validateStep(6, { ...call, country: 'Kenya' })).toEqual({ phone: t.phoneRequiredForCall });
    const noCall = { is_individual: 0 as const, chatAvailability: 'No, thanks', country: 'Kenya' };
    expect(validateStep(5, noCall)).toEqual({});
    expect(validateStep(6, noCall)).toEqual({});
    expect(validateStep(4, { is_individual: 0 })).toEqual({ chatAvailability: t.chatRequired });
  });

  it('a step sends only its own answers, trimmed', () => {
    expect(stepAnswers(0, { is_individual: 1, role: '  Poet ', country: 'Peru' })).toEqual({ is_individual: 1, role: 'Poet' });
    expect(stepAnswers(1, { is_individual: 0, company: ' Acme ', role: 'x' })).toEqual({ company: 'Acme' });
  });
});
