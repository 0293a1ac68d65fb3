import { useState } from 'react';
import { css } from 'styled-system/css';
import { useServices } from '@/core/services';
import { Button } from '@/ui/button';
import { useColorMode, type ColorMode } from '@/ui/color-mode';
import { toast } from '@/ui/toast';
import { SETTINGS_TEXT as t } from '../messages';
import { Panel, stack } from '../panel';
import { useApiErrorDialog } from '../use-account';
import { useCurrentUser } from '@/core/current-user';
import { browser } from '../use-plan-checkout';

const segmented = css({ display: 'inline-flex', p: '1', gap: '1', bg: 'bg.subtle', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' });
const segment = css({
  px: '4',
  py: '1.5',
  borderRadius: 'sm',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  cursor: 'pointer',
  // inverted pill: ≥ 3:1 against the track in light and dark (see plan-cards.tsx)
  '&[aria-checked=true]': { bg: 'bg.inverted', color: 'fg.inverted', boxShadow: 'sm' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
});

/**
 * target=settings (01 §2 profile menu "Settings"; the spec lists no settings, these are ours): the colour
 * theme of this device, the email address with a new verification link (GET /api/profile/resendVerification/{id}),
 * and support (GET /api/support, opened in a new window, 01 §7, or a note that support is not configured).
 */
export function SettingsTarget() {
  const { api } = useServices();
  const { user } = useCurrentUser();
  const { mode, setMode } = useColorMode();
  const showError = useApiErrorDialog();
  const [busy, setBusy] = useState<'verify' | 'support' | null>(null);
  const modes: { value: ColorMode; label: string }[] = [
    { value: 'light', label: t.light },
    { value: 'dark', label: t.dark },
    { value: 'system', label: t.system },
  ];

  async function resend() {
    if (!user) return;
    setBusy('verify');
    try {
      const { data } = await api.GET('/api/profile/resendVerification/{id}', { params: { path: { id: user.id } } });
      toast.success(data!.message);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  }

  async function support() {
    setBusy('support');
    try {
      const { data } = await api.GET('/api/support');
      // url null: the deployment has no support address (issue 33, finding 5)
      if (data?.url) browser.open(data.url);
      else toast.info(t.supportNotConfigured);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={stack}>
      <Panel title={t.appearanceTitle} description={t.appearanceDescription}>
        <div role="radiogroup" aria-label={t.theme} className={segmented}>
          {modes.map((m) => (
            <button key={m.value} type="button" role="radio" aria-checked={mode === m.value} className={segment} onClick={() => setMode(m.value)}>
              {m.label}
            </button>
          ))}
        </div>
      </Panel>
      {user && (
        <Panel title={t.emailTitle} description={t.emailDescription(user.email)}>
          <div>
            <Button variant="outline" onClick={() => void resend()} loading={busy === 'verify'}>
              {t.resendVerification}
            </Button>
          </div>
        </Panel>
      )}
      <Panel title={t.supportTitle} description={t.supportDescription}>
        <div>
          <Button variant="outline" onClick={() => void support()} loading={busy === 'support'}>
            {t.openSupport}
          </Button>
        </div>
      </Panel>
    </div>
  );
}
