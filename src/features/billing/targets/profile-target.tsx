import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { PLAN_ID } from '@machines/constants';
import { useServices } from '@/core/services';
import { useAppActors } from '@/state/app-actors';
import { isApiError } from '@/api/errors';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { SelectField } from '@/ui/select';
import { toast } from '@/ui/toast';
import { ACCOUNT_PAGE, PROFILE_TEXT as p } from '../messages';
import { ConfirmDialog } from '../confirm-dialog';
import { Panel, formRow, stack } from '../panel';
import { useApiErrorDialog, useRefreshAccount } from '../use-account';
import { useCurrentUser } from '@/core/current-user';
import type { User } from '../checkout';

/** 01 §5 "Account deletion requires an inactive subscription": a paid plan still running blocks it. */
export function hasActivePaidSubscription(user: User): boolean {
  const sub = user.user_subscription;
  return sub.plan_id !== PLAN_ID.free && ['active', 'overdue', 'pending'].includes(sub.status);
}

function NameForm({ user, saved, setSaved }: { user: User; saved: string | null; setSaved: (message: string | null) => void }) {
  const { api } = useServices();
  const refresh = useRefreshAccount();
  const showError = useApiErrorDialog();
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError(p.nameRequired);
    setError(undefined);
    setSaved(null);
    setBusy(true);
    try {
      const { data } = await api.POST('/api/profile/updateUser', { body: { name: name.trim() } });
      await refresh(data!.data.user);
      setSaved(data!.message ?? ACCOUNT_PAGE.saved);
    } catch (err) {
      if (isApiError(err) && err.fieldError('name')) setError(err.fieldError('name'));
      else showError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title={p.title} description={p.description}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
        <Avatar name={user.name} src={user.avatar_url} size="lg" />
        <div>
          <p className={css({ fontWeight: 'semibold' })}>{user.name}</p>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{user.email}</p>
        </div>
      </div>
      <form className={formRow} onSubmit={submit} noValidate aria-label={p.title}>
        <Field.Root invalid={!!error}>
          <Field.Label>{p.name}</Field.Label>
          <Field.Input
            autoComplete="name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setSaved(null);
            }}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <Field.Root readOnly>
          <Field.Label>{p.email}</Field.Label>
          <Field.Input type="email" value={user.email} readOnly />
        </Field.Root>
        <div>
          <Button type="submit" loading={busy} loadingText={ACCOUNT_PAGE.saving} disabled={name.trim() === user.name}>
            {ACCOUNT_PAGE.save}
          </Button>
        </div>
        <p role="status" className={css({ color: 'success.text', fontSize: 'sm', fontWeight: 'medium', alignSelf: 'center' })}>
          {saved}
        </p>
      </form>
    </Panel>
  );
}

function PasswordForm() {
  const { api } = useServices();
  const showError = useApiErrorDialog();
  const [values, setValues] = useState({ password: '', confirm_password: '' });
  const [errors, setErrors] = useState<{ password?: string; confirm_password?: string }>({});
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (values.password.length < 8) found.password = p.passwordTooShort;
    if (values.confirm_password !== values.password) found.confirm_password = p.passwordsDiffer;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { data } = await api.POST('/api/profile/update-password', { body: values });
      setValues({ password: '', confirm_password: '' });
      toast.success(data!.message);
    } catch (err) {
      if (isApiError(err) && err.errors) setErrors({ password: err.fieldError('password'), confirm_password: err.fieldError('confirm_password') });
      else showError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title={p.passwordTitle} description={p.passwordDescription}>
      <form className={formRow} onSubmit={submit} noValidate aria-label={p.passwordTitle}>
        <Field.Root invalid={!!errors.password}>
          <Field.Label>{p.newPassword}</Field.Label>
          <Field.Input type="password" autoComplete="new-password" value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.confirm_password}>
          <Field.Label>{p.confirmPassword}</Field.Label>
          <Field.Input
            type="password"
            autoComplete="new-password"
            value={values.confirm_password}
            onChange={(e) => setValues((v) => ({ ...v, confirm_password: e.target.value }))}
          />
          <Field.ErrorText>{errors.confirm_password}</Field.ErrorText>
        </Field.Root>
        <div>
          <Button type="submit" loading={busy} loadingText={ACCOUNT_PAGE.saving}>
            {p.updatePassword}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function LanguageForm({ user }: { user: User }) {
  const { api, $api } = useServices();
  const refresh = useRefreshAccount();
  const showError = useApiErrorDialog();
  const languages = useQuery($api.queryOptions('get', '/api/profile/getLanguage'));
  const [busy, setBusy] = useState(false);
  const items = (languages.data?.data ?? []).map((l) => ({ label: l.language, value: String(l.id) }));
  async function change(value: string | null) {
    if (!value || Number(value) === user.language_id) return;
    setBusy(true);
    try {
      const { data } = await api.PUT('/api/profile/languageEdit/{id}', {
        params: { path: { id: user.id }, query: { language_id: Number(value) } },
      });
      await refresh(data!.data.user);
      toast.success(data!.message ?? ACCOUNT_PAGE.saved);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title={p.languageTitle} description={p.languageDescription}>
      <div className={formRow}>
        <SelectField
          label={p.language}
          items={items}
          value={user.language_id ? String(user.language_id) : null}
          onValueChange={(v) => void change(v)}
          disabled={busy || languages.isLoading}
        />
      </div>
    </Panel>
  );
}

function DeleteAccount({ user }: { user: User }) {
  const { api, tokens, queryClient } = useServices();
  const { dialogs } = useAppActors();
  const showError = useApiErrorDialog();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const blocked = () => dialogs.send({ type: 'dialog.open', dialog: { name: 'active-subscription-blocker' } });

  function start(e: FormEvent) {
    e.preventDefault();
    if (hasActivePaidSubscription(user)) return blocked(); // 01 §2 active-subscription blocker
    if (!reason.trim()) return setError(p.deleteReasonRequired);
    setError(undefined);
    setConfirming(true);
  }
  async function remove() {
    setBusy(true);
    try {
      await api.POST('/api/deleteUser/{id}', { params: { path: { id: user.id } }, body: { deleted_reason: reason.trim() } });
      // Signed out for good: the server revoked every token; clear what this browser holds and reload to /.
      tokens.clear();
      queryClient.clear();
      window.location.assign('/');
    } catch (err) {
      setBusy(false);
      setConfirming(false);
      if (isApiError(err) && err.status === 409) blocked();
      else showError(err);
    }
  }
  return (
    <Panel title={p.deleteTitle} description={p.deleteDescription} tone="danger">
      <form className={formRow} onSubmit={start} noValidate aria-label={p.deleteTitle}>
        <Field.Root invalid={!!error}>
          <Field.Label>{p.deleteReason}</Field.Label>
          <Field.Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={1000} />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <div>
          <Button type="submit" variant="danger">
            {p.deleteAction}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => !busy && setConfirming(o)}
        title={p.deleteConfirmTitle}
        description={p.deleteConfirmText}
        confirmLabel={p.deleteConfirm}
        cancelLabel={p.cancel}
        onConfirm={() => void remove()}
        busy={busy}
        danger
      />
    </Panel>
  );
}

/** target=profile (01 §2, §7 Profile): name, password, language, delete account. */
export function ProfileTarget() {
  const { user } = useCurrentUser();
  // The name form's confirmation stays beside its button (a toast could go unseen) until the name is edited again;
  // kept here because the form starts afresh (key) with the saved name.
  const [saved, setSaved] = useState<string | null>(null);
  if (!user) return null;
  return (
    <div className={stack}>
      <NameForm key={user.name} user={user} saved={saved} setSaved={setSaved} />
      <PasswordForm />
      <LanguageForm user={user} />
      <DeleteAccount user={user} />
    </div>
  );
}
