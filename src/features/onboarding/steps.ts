import type { components } from '@contract/schema.gen';
import { ONBOARDING_STEPS_BUSINESS, ONBOARDING_STEPS_INDIVIDUAL } from '@machines/constants';
import { ONBOARDING_TEXT as t } from './messages';

export type Answers = components['schemas']['OnboardingAnswers'];
export type AnswerKey = Exclude<keyof Answers, 'step' | 'status'>;

/**
 * The onboarding steps (01 §2 "Onboarding has 3 steps for an individual and 7 for a business", 03 §3 fields:
 * role (a free value), useCase, company, companySize, chatAvailability, preferredTime, phone, country,
 * is_individual). The spec fixes the counts and the fields, not which step asks what; our split:
 *  - both start with the account type and the role (step 1);
 *  - individual: 2 what they will create, 3 where they are (country, optional phone);
 *  - business: 2 company, 3 company size, 4 what they will create, 5 whether they want a call with the team,
 *    6 the preferred time for it, 7 where they are and how to reach them.
 * A business's brand (name, url, tone, colours …) is set up in Manage Brands, not here.
 */
export interface StepDef {
  title: string;
  subtitle: string;
  /** the fields this step asks, in order */
  fields: AnswerKey[];
}

const common: StepDef = { title: t.step1Title, subtitle: t.step1Subtitle, fields: ['is_individual', 'role'] };
const useCase: StepDef = { title: t.useCaseTitle, subtitle: t.useCaseSubtitle, fields: ['useCase'] };

export const INDIVIDUAL_STEPS: StepDef[] = [
  common,
  useCase,
  { title: t.whereTitle, subtitle: t.whereSubtitleIndividual, fields: ['country', 'phone'] },
];

export const BUSINESS_STEPS: StepDef[] = [
  common,
  { title: t.companyTitle, subtitle: t.companySubtitle, fields: ['company'] },
  { title: t.sizeTitle, subtitle: t.sizeSubtitle, fields: ['companySize'] },
  useCase,
  { title: t.chatTitle, subtitle: t.chatSubtitle, fields: ['chatAvailability'] },
  { title: t.timeTitle, subtitle: t.timeSubtitle, fields: ['preferredTime'] },
  { title: t.whereTitle, subtitle: t.whereSubtitleBusiness, fields: ['country', 'phone'] },
];

if (INDIVIDUAL_STEPS.length !== ONBOARDING_STEPS_INDIVIDUAL || BUSINESS_STEPS.length !== ONBOARDING_STEPS_BUSINESS) {
  throw new Error('onboarding steps disagree with machines/constants.ts');
}

/** The steps of the chosen account type (a business's until the type is chosen; the page then shows no total). */
export function stepsFor(answers: Answers): StepDef[] {
  return answers.is_individual === 1 ? INDIVIDUAL_STEPS : BUSINESS_STEPS;
}

export const USE_CASES = ['Blog posts and articles', 'Social media posts', 'Marketing and ad copy', 'Stories and books', 'Images and videos', 'Something else'] as const;
export const COMPANY_SIZES = ['Just me', '2–10', '11–50', '51–200', '201–1,000', 'More than 1,000'] as const;
export const CHAT_CHOICES = ['Yes, I would like a call', 'No, thanks'] as const;
export const TIMES = ['Morning (9–12)', 'Afternoon (12–17)', 'Evening (17–20)'] as const;
export const ROLE_SUGGESTIONS = ['Writer', 'Blogger', 'Marketer', 'Founder', 'Agency owner', 'Student', 'Teacher', 'Developer'] as const;

/** Whether the answers want a call (then a time and a phone number are needed). */
export const wantsCall = (a: Answers) => a.chatAvailability === CHAT_CHOICES[0];

/** Validation of one step: the field → message map of what is missing or wrong (empty when valid). */
export function validateStep(index: number, a: Answers): Partial<Record<AnswerKey, string>> {
  const steps = stepsFor(a);
  const errors: Partial<Record<AnswerKey, string>> = {};
  const filled = (v: string | undefined) => !!v && v.trim().length > 0;
  for (const f of steps[index]?.fields ?? []) {
    switch (f) {
      case 'is_individual':
        if (a.is_individual !== 0 && a.is_individual !== 1) errors.is_individual = t.accountTypeRequired;
        break;
      case 'role':
        if (!filled(a.role)) errors.role = t.roleRequired;
        break;
      case 'useCase':
        if (!filled(a.useCase)) errors.useCase = t.useCaseRequired;
        break;
      case 'company':
        if (!filled(a.company)) errors.company = t.companyRequired;
        break;
      case 'companySize':
        if (!filled(a.companySize)) errors.companySize = t.sizeRequired;
        break;
      case 'chatAvailability':
        if (!filled(a.chatAvailability)) errors.chatAvailability = t.chatRequired;
        break;
      case 'preferredTime':
        if (wantsCall(a) && !filled(a.preferredTime)) errors.preferredTime = t.timeRequired;
        break;
      case 'country':
        if (!filled(a.country)) errors.country = t.countryRequired;
        break;
      case 'phone':
        if (filled(a.phone) && !/^\+?[0-9][0-9 ()-]{5,}$/.test(a.phone!.trim())) errors.phone = t.phoneInvalid;
        else if (!filled(a.phone) && a.is_individual !== 1 && wantsCall(a)) errors.phone = t.phoneRequiredForCall;
        break;
    }
  }
  return errors;
}

/** The answers a step sends to POST /api/onboarding/{step}/save (only its own fields, trimmed). */
export function stepAnswers(index: number, a: Answers): Answers {
  const out: Answers = {};
  for (const f of stepsFor(a)[index]?.fields ?? []) {
    const v = a[f];
    if (v === undefined) continue;
    (out as Record<string, unknown>)[f] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}
