import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { ProgressBar } from '@/ui/progress-bar';
import { Spinner } from '@/ui/spinner';
import { LogoMark } from '@/ui/logo-mark';
import { useServices } from '@/core/services';
import { useCurrentUser, currentUserQuery } from '@/core/current-user';
import { alertBox } from '@/ui/alert';
import { ONBOARDING_TEXT as t } from './messages';
import {
  CHAT_CHOICES, COMPANY_SIZES, ROLE_SUGGESTIONS, TIMES, USE_CASES, stepAnswers, stepsFor, validateStep, wantsCall,
  type AnswerKey, type Answers,
} from './steps';
import { paths } from '@/core/paths';

/** Typed but not yet saved answers survive a reload and a new sign-in (kept on sign-out like every draft:… key). */
const draftKey = (userId: number) => `draft:${userId}:onboarding`;
function readDraft(userId: number): Answers {
  try {
    const raw = localStorage.getItem(draftKey(userId));
    const v = raw ? (JSON.parse(raw) as unknown) : null;
    return v && typeof v === 'object' ? (v as Answers) : {};
  } catch {
    return {};
  }
}

const page = css({ minH: '100dvh', bg: 'bg.subtle', display: 'flex', flexDirection: 'column' });
const top = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { base: '4', md: '8' }, py: '4' });
const brand = css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'bold', fontSize: 'lg' });
const card = css({
  w: 'full', maxW: '560px', mx: 'auto', my: { base: '4', md: '10' }, bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default',
  borderRadius: 'xl', boxShadow: 'md', p: { base: '6', sm: '8' }, display: 'flex', flexDirection: 'column', gap: '5',
});
const choices = css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, border: 'none', p: '0', m: '0' });
const choice = css({
  display: 'flex', gap: '3', alignItems: 'flex-start', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg',
  cursor: 'pointer', bg: 'bg.surface', _hover: { borderColor: 'accent.default' },
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});
const legend = css({ fontSize: 'sm', fontWeight: 'medium', mb: '2', p: '0' });
const errorText = css({ color: 'danger.text', fontSize: 'xs', mt: '1.5' });
const actions = css({ display: 'flex', justifyContent: 'space-between', gap: '3', mt: '2' });

/** A group of radio cards: a fieldset with a legend, native radios (arrow keys move, Space picks). */
function Choices({ name, label, options, value, onChange, error, hints }: {
  name: AnswerKey; label: string; options: readonly string[]; value: string | undefined; onChange(v: string): void; error?: string; hints?: readonly string[];
}) {
  const errorId = useId();
  return (
    <fieldset className={css({ border: 'none', p: '0', m: '0' })} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className={legend}>{label}</legend>
      <div className={choices}>
        {options.map((o, i) => (
          <label key={o} className={choice}>
            <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} className={css({ mt: '1', accentColor: 'var(--colors-accent-default)' })} />
            <span>
              <span className={css({ display: 'block', fontWeight: 'medium' })}>{o}</span>
              {hints?.[i] && <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}>{hints[i]}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && <p id={errorId} className={errorText}>{error}</p>}
    </fieldset>
  );
}

/**
 * /onboarding (01 §2 dialog chain and start-up, 03 §4 "Onboarding and brands", §9): 3 steps for an individual,
 * 7 for a business (see steps.ts). Each step is saved with POST /api/onboarding/{step}/save before the next
 * one shows, so the answers survive a reload or a new sign-in on any device; what is typed on the current step
 * is kept locally until it is saved. Finish stores the answers with POST /api/profile/storeOnBoard {is_onboard: 1};
 * Skip stores a personal account with the skip flag (01 §2 "Skip in onboarding sets a personal account and goes
 * to /home"). A failed save shows 'Failed to update the onboarding details!' (01 §8) and keeps every answer.
 */
export function OnboardingPage() {
  const { api, $api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const state = useQuery({ ...$api.queryOptions('get', '/api/onboarding'), retry: false });
  const [answers, setAnswers] = useState<Answers>({});
  const [index, setIndex] = useState(0);
  const [ready, setReady] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<AnswerKey, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'skip' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Start from what the server has, then what was typed here and not saved yet.
  useEffect(() => {
    if (ready || !state.data || !user) return;
    const saved = state.data.data;
    const merged: Answers = { ...saved.on_board_data, ...readDraft(user.id) };
    const total = stepsFor(merged).length;
    setAnswers(merged);
    setIndex(Math.min(saved.step, total - 1));
    setReady(true);
  }, [ready, state.data, user]);

  useEffect(() => {
    if (!ready || !user) return;
    try {
      localStorage.setItem(draftKey(user.id), JSON.stringify(answers));
    } catch {
      // storage full or disabled: the saved steps are still on the server
    }
  }, [answers, ready, user]);

  // Focus the step's heading when the step changes (keyboard and screen-reader users hear where they are).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);

  // Already onboarded: nothing to do here. (An effect, not <Navigate>: react-router lives in the entry chunk, and
  // <Navigate> would add to every first route's JavaScript — bundle budget.)
  const onboarded = state.data?.data.is_onboard === 1;
  useEffect(() => {
    if (onboarded) navigate(paths.home, { replace: true });
  }, [onboarded, navigate]);
  if (onboarded) return null;

  const steps = stepsFor(answers);
  const total = answers.is_individual === 0 || answers.is_individual === 1 ? steps.length : null;
  const step = steps[Math.min(index, steps.length - 1)];
  const last = index >= steps.length - 1;

  const set = (k: AnswerKey, v: string | 0 | 1) => {
    setAnswers((a) => ({ ...a, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  function finishTo(next: string) {
    if (user) localStorage.removeItem(draftKey(user.id));
    navigate(next, { replace: true });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateStep(index, answers);
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;
    setBusy('save');
    try {
      await api.POST('/api/onboarding/{step}/save', { params: { path: { step: index + 1 } }, body: stepAnswers(index, answers) });
      if (!last) {
        setIndex(index + 1);
        return;
      }
      const clean: Answers = {};
      for (const s of steps) Object.assign(clean, stepAnswers(steps.indexOf(s), answers));
      const { data } = await api.POST('/api/profile/storeOnBoard', { body: { on_board_data: { ...clean, step: steps.length }, is_onboard: 1 } });
      if (data) queryClient.setQueryData(currentUserQuery($api).queryKey, { data: { user: data.data.user } });
      void queryClient.invalidateQueries({ queryKey: $api.queryOptions('get', '/api/onboarding').queryKey });
      finishTo('/home');
    } catch {
      setFailure(t.saveFailed);
    } finally {
      setBusy(null);
    }
  }

  async function onSkip() {
    setFailure(null);
    setBusy('skip');
    try {
      const saved = state.data?.data.on_board_data ?? {};
      const { step: _step, ...rest } = saved;
      const { data } = await api.POST('/api/profile/storeOnBoard', {
        body: { on_board_data: { ...rest, is_individual: 1 }, is_onboard: 0, is_onboard_skipped: 1 },
      });
      if (data) queryClient.setQueryData(currentUserQuery($api).queryKey, { data: { user: data.data.user } });
      finishTo('/home');
    } catch {
      setFailure(t.saveFailed);
    } finally {
      setBusy(null);
    }
  }

  let body: ReactNode;
  if (state.isError) {
    body = (
      <div role="alert" className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })}>
        <p className={alertBox}>{t.fetchFailed}</p>
        <Button variant="outline" onClick={() => void state.refetch()}>{t.retry}</Button>
      </div>
    );
  } else if (!ready) {
    body = <Spinner label={t.loading} />;
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate aria-labelledby="onboarding-step-title" className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
        <div>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '2' })}>{t.stepOf(index + 1, total)}</p>
          {total && <ProgressBar value={((index + 1) / total) * 100} label={t.progress} hideLabel />}
        </div>
        <div>
          <h1 id="onboarding-step-title" ref={headingRef} tabIndex={-1} className={css({ fontSize: 'xl', fontWeight: 'bold', outline: 'none' })}>
            {step.title}
          </h1>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
            {step.fields.includes('preferredTime') && !wantsCall(answers) ? t.timeSubtitleNoCall : step.subtitle}
          </p>
        </div>
        {failure && <div role="alert" className={alertBox}>{failure}</div>}
        {step.fields.map((f) => (
          <StepField key={f} field={f} answers={answers} set={set} error={errors[f]} />
        ))}
        <div className={actions}>
          <Button type="button" variant="outline" disabled={index === 0 || !!busy} onClick={() => { setErrors({}); setIndex(index - 1); }}>
            {t.back}
          </Button>
          <Button type="submit" loading={busy === 'save'} loadingText={t.saving} disabled={busy === 'skip'}>
            {last ? t.finish : t.next}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className={page}>
      <header className={top}>
        <span className={brand}>
          <LogoMark size={28} />
          Wordsmith AI
        </span>
        <Button variant="ghost" onClick={() => void onSkip()} loading={busy === 'skip'} loadingText={t.skipping} disabled={busy === 'save' || !ready}>
          {t.skip}
        </Button>
      </header>
      <main id="main" className={css({ flex: '1', px: '4' })}>
        <p className={css({ srOnly: true })}>{t.pageTitle}</p>
        <div className={card}>{body}</div>
      </main>
    </div>
  );
}

function StepField({ field, answers, set, error }: {
  field: AnswerKey; answers: Answers; set(k: AnswerKey, v: string | 0 | 1): void; error?: string;
}) {
  const listId = useId();
  switch (field) {
    case 'is_individual':
      return (
        <Choices
          name="is_individual"
          label={t.accountType}
          options={[t.individual, t.business]}
          hints={[t.individualHint, t.businessHint]}
          value={answers.is_individual === 1 ? t.individual : answers.is_individual === 0 ? t.business : undefined}
          onChange={(v) => set('is_individual', v === t.individual ? 1 : 0)}
          error={error}
        />
      );
    case 'useCase':
      return <Choices name="useCase" label={t.useCase} options={USE_CASES} value={answers.useCase} onChange={(v) => set('useCase', v)} error={error} />;
    case 'companySize':
      return <Choices name="companySize" label={t.companySize} options={COMPANY_SIZES} value={answers.companySize} onChange={(v) => set('companySize', v)} error={error} />;
    case 'chatAvailability':
      return <Choices name="chatAvailability" label={t.chatAvailability} options={CHAT_CHOICES} value={answers.chatAvailability} onChange={(v) => set('chatAvailability', v)} error={error} />;
    case 'preferredTime':
      if (!wantsCall(answers)) return null;
      return <Choices name="preferredTime" label={t.preferredTime} options={TIMES} value={answers.preferredTime} onChange={(v) => set('preferredTime', v)} error={error} />;
    case 'role':
      return (
        <Field.Root invalid={!!error}>
          <Field.Label>{t.role}</Field.Label>
          <Field.Input value={answers.role ?? ''} maxLength={120} list={listId} autoComplete="organization-title" onChange={(e) => set('role', e.target.value)} />
          <datalist id={listId}>
            {ROLE_SUGGESTIONS.map((r) => <option key={r} value={r} />)}
          </datalist>
          <Field.HelperText>{t.roleHint}</Field.HelperText>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      );
    case 'company':
      return (
        <Field.Root invalid={!!error}>
          <Field.Label>{t.company}</Field.Label>
          <Field.Input value={answers.company ?? ''} maxLength={255} autoComplete="organization" onChange={(e) => set('company', e.target.value)} />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      );
    case 'country':
      return (
        <Field.Root invalid={!!error}>
          <Field.Label>{t.country}</Field.Label>
          <Field.Input value={answers.country ?? ''} maxLength={80} autoComplete="country-name" onChange={(e) => set('country', e.target.value)} />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      );
    case 'phone': {
      const optional = answers.is_individual === 1 || !wantsCall(answers);
      return (
        <Field.Root invalid={!!error}>
          <Field.Label>
            {t.phone}
            {optional && <Field.OptionalMark />}
          </Field.Label>
          <Field.Input type="tel" value={answers.phone ?? ''} maxLength={40} autoComplete="tel" onChange={(e) => set('phone', e.target.value)} />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      );
    }
  }
}
