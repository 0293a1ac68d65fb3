import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { css } from 'styled-system/css';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { useInitialFocus } from '@/ui/initial-focus';
import { useServices } from '@/core/services';
import { isApiError, NetworkError } from '@/api/errors';
import { AuthCard, formStack, textLink } from './auth-card';
import { alertBox } from '@/ui/alert';
import { authMessages } from './messages';
import { accountMessages as m } from './account-messages';
import { paths } from '@/core/paths';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const noticeBox = css({
  borderWidth: '1px', borderColor: 'success.default', bg: 'success.subtle', color: 'success.text',
  borderRadius: 'md', px: '3', py: '2', fontSize: 'sm',
});

/**
 * /forgotpassword (01 §2): POST /api/auth/password/email {email, domain, callback_url} (01 §7). The server
 * answers the same whether or not the account exists; its message is shown as sent.
 */
export function ForgotPasswordPage() {
  const firstField = useInitialFocus<HTMLInputElement>();
  const { api } = useServices();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    const found = !value ? authMessages.emailRequired : !EMAIL.test(value) ? authMessages.emailInvalid : undefined;
    setError(found);
    setFormError(null);
    if (found) return;
    setBusy(true);
    try {
      const { data } = await api.POST('/api/auth/password/email', {
        body: { email: value, domain: window.location.hostname },
      });
      setSent(data!.message);
    } catch (e) {
      if (isApiError(e)) {
        setError(e.fieldError('email'));
        setFormError(e.fieldError('email') ? null : e.message);
      } else setFormError(e instanceof NetworkError ? authMessages.networkFailure : authMessages.genericFailure);
    } finally {
      setBusy(false);
    }
  }

  const footer = (
    <>
      {m.rememberPassword} <Link to={paths.login} className={textLink}>{m.backToSignIn}</Link>
    </>
  );

  if (sent) {
    return (
      <AuthCard title={m.linkSentTitle} subtitle={email.trim()} footer={footer}>
        <p role="status" className={noticeBox}>
          {sent}
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={m.forgotTitle} subtitle={m.forgotSubtitle} footer={footer}>
      <form className={formStack} onSubmit={onSubmit} noValidate aria-label={m.forgotTitle}>
        {formError && (
          <div role="alert" className={alertBox}>
            {formError}
          </div>
        )}
        <Field.Root invalid={!!error}>
          <Field.Label>{authMessages.email}</Field.Label>
          <Field.Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} ref={firstField} />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="lg" fullWidth loading={busy} loadingText={m.sendingLink}>
          {m.sendLink}
        </Button>
      </form>
    </AuthCard>
  );
}
