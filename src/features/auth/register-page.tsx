import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { useInitialFocus } from '@/ui/initial-focus';
import { useServices } from '@/core/services';
import { isApiError } from '@/api/errors';
import { AuthCard, formStack, textLink } from './auth-card';
import { alertBox } from '@/ui/alert';
import { authMessages as m } from './messages';
import { validateRegister, type FieldErrors } from './validate';
import { useCompleteSignIn } from '@/state/session-hooks';
import { paths } from '@/core/paths';

type Fields = 'name' | 'email' | 'password';

export function RegisterPage() {
  const firstField = useInitialFocus<HTMLInputElement>();
  const { api } = useServices();
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: Fields) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { data } = await api.POST('/api/auth/register', {
        body: { name: values.name.trim(), email: values.email.trim(), password: values.password },
      });
      completeSignIn(data!.access_token, data!.data.user);
      navigate(paths.home, { replace: true });
    } catch (error) {
      // Field problems (e.g. a taken email) show beside their field; anything else is the
      // spec's registration failure (01 §8).
      if (isApiError(error) && error.status === 422 && error.errors) {
        setErrors({ name: error.fieldError('name'), email: error.fieldError('email'), password: error.fieldError('password') });
      } else {
        setFailure(m.registrationFailedText);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={m.registerTitle}
      subtitle={m.registerSubtitle}
      footer={
        <>
          {m.haveAccount} <Link to={paths.login} className={textLink}>{m.signIn}</Link>
        </>
      }
    >
      <form className={formStack} onSubmit={onSubmit} noValidate aria-label={m.register}>
        {failure && (
          <div role="alert" className={alertBox}>
            <strong>{m.registrationFailedTitle}</strong> — {failure}
          </div>
        )}
        <Field.Root invalid={!!errors.name}>
          <Field.Label>{m.name}</Field.Label>
          <Field.Input autoComplete="name" value={values.name} onChange={set('name')} ref={firstField} />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.email}>
          <Field.Label>{m.email}</Field.Label>
          <Field.Input type="email" autoComplete="email" value={values.email} onChange={set('email')} />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.password}>
          <Field.Label>{m.password}</Field.Label>
          <Field.Input type="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="lg" fullWidth loading={busy} loadingText={m.registering}>
          {m.register}
        </Button>
      </form>
    </AuthCard>
  );
}
