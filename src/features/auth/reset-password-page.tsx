import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { useInitialFocus } from '@/ui/initial-focus';
import { useServices } from '@/core/services';
import { isApiError, NetworkError } from '@/api/errors';
import { AuthCard, formStack, textLink } from './auth-card';
import { alertBox } from '@/ui/alert';
import { authMessages } from './messages';
import { accountMessages as m } from './account-messages';
import { noticeBox } from './forgot-password-page';
import { paths } from '@/core/paths';

type Fields = 'password' | 'password_confirmation';

/**
 * /resetpassword?token&email (01 §2): the new password twice, sent to POST /api/auth/password/email
 * {token, password, password_confirmation} (01 §7). Server errors show beside their field; a bad or used
 * token is a form error with a way to ask for a new link.
 */
export function ResetPasswordPage() {
  const firstField = useInitialFocus<HTMLInputElement>();
  const { api, tokens } = useServices();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(token ? null : m.resetLinkMissing);
  const [linkProblem, setLinkProblem] = useState(!token);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: Fields) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    const found: Partial<Record<Fields, string>> = {};
    if (!values.password) found.password = authMessages.passwordRequired;
    else if (values.password.length < 8) found.password = authMessages.passwordTooShort;
    if (values.password && values.password_confirmation !== values.password) found.password_confirmation = m.passwordsDiffer;
    setErrors(found);
    setFormError(null);
    setLinkProblem(false);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { data } = await api.POST('/api/auth/password/email', { body: { token, ...values } });
      // The server ended every session of the account: this browser's token (if any) is gone too.
      tokens.clear();
      setDone(data!.message);
    } catch (e) {
      if (isApiError(e)) {
        const fieldErrors = { password: e.fieldError('password'), password_confirmation: e.fieldError('password_confirmation') };
        setErrors(fieldErrors);
        const tokenError = e.fieldError('token');
        setLinkProblem(!!tokenError);
        setFormError(tokenError ?? (fieldErrors.password || fieldErrors.password_confirmation ? null : e.message));
      } else setFormError(e instanceof NetworkError ? authMessages.networkFailure : authMessages.genericFailure);
    } finally {
      setBusy(false);
    }
  }

  const footer = (
    <Link to={paths.login} className={textLink}>
      {m.backToSignIn}
    </Link>
  );

  if (done) {
    return (
      <AuthCard title={m.resetDoneTitle} subtitle={email} footer={footer}>
        <p role="status" className={noticeBox}>
          {done}
        </p>
        <Button asChild size="lg" fullWidth style={{ marginTop: '1rem' }}>
          <Link to={paths.login}>{authMessages.signIn}</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={m.resetTitle} subtitle={m.resetSubtitle} footer={footer}>
      <form className={formStack} onSubmit={onSubmit} noValidate aria-label={m.resetTitle}>
        {formError && (
          <div role="alert" className={alertBox}>
            {formError}
            {linkProblem && (
              <>
                {' '}
                <Link to={paths.forgotPassword} className={textLink}>
                  {m.requestNewLink}
                </Link>
              </>
            )}
          </div>
        )}
        {email && (
          <Field.Root readOnly>
            <Field.Label>{authMessages.email}</Field.Label>
            <Field.Input type="email" autoComplete="username" value={email} readOnly />
          </Field.Root>
        )}
        <Field.Root invalid={!!errors.password} disabled={!token}>
          <Field.Label>{m.newPassword}</Field.Label>
          <Field.Input type="password" autoComplete="new-password" value={values.password} onChange={set('password')} ref={firstField} />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.password_confirmation} disabled={!token}>
          <Field.Label>{m.confirmPassword}</Field.Label>
          <Field.Input type="password" autoComplete="new-password" value={values.password_confirmation} onChange={set('password_confirmation')} />
          <Field.ErrorText>{errors.password_confirmation}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="lg" fullWidth loading={busy} loadingText={m.resetting} disabled={!token}>
          {m.resetAction}
        </Button>
      </form>
    </AuthCard>
  );
}
