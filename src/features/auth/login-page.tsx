import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { useInitialFocus } from '@/ui/initial-focus';
import { useServices } from '@/core/services';
import { isApiError, NetworkError } from '@/api/errors';
import { AuthCard, formStack, textLink } from './auth-card';
import { alertBox } from '@/ui/alert';
import { authMessages as m } from './messages';
import { validateSignIn, type FieldErrors } from './validate';
import { useCompleteSignIn } from '@/state/session-hooks';
import { safeNext } from './safe-next';
import { paths } from '@/core/paths';

export function LoginPage() {
  const firstField = useInitialFocus<HTMLInputElement>();
  const { api } = useServices();
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignIn({ email, password });
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { data } = await api.POST('/api/auth/login', { body: { email: email.trim(), password } });
      completeSignIn(data!.access_token, data!.data.user);
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (error) {
      if (isApiError(error)) {
        setErrors({ email: error.fieldError('email'), password: error.fieldError('password') });
        setFormError(error.message);
      } else if (error instanceof NetworkError) {
        setFormError(m.networkFailure);
      } else {
        setFormError(m.genericFailure);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={m.signInTitle}
      subtitle={m.signInSubtitle}
      footer={
        <>
          {m.noAccount} <Link to={paths.register} className={textLink}>{m.createAccount}</Link>
        </>
      }
    >
      <form className={formStack} onSubmit={onSubmit} noValidate aria-label={m.signIn}>
        {formError && (
          <div role="alert" className={alertBox}>
            {formError}
          </div>
        )}
        <Field.Root invalid={!!errors.email}>
          <Field.Label>{m.email}</Field.Label>
          <Field.Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} ref={firstField} />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.password}>
          <Field.Label>{m.password}</Field.Label>
          <Field.Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <Link to={paths.forgotPassword} className={textLink} style={{ alignSelf: 'flex-end', fontSize: '0.875rem' }}>
          {m.forgotPassword}
        </Link>
        <Button type="submit" size="lg" fullWidth loading={busy} loadingText={m.signingIn}>
          {m.signIn}
        </Button>
      </form>
    </AuthCard>
  );
}
