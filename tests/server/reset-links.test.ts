/**
 * Password reset links: single use, and spent by any newer link of the account or a password change, so an old
 * link found in a mailbox cannot take the account over.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './harness';

const s = useTestServer();
const EMAIL = 'free@demo.test';

async function resetLink(): Promise<string> {
  const r = await s.call('POST', '/api/auth/password/email', { body: { email: EMAIL } });
  expect(r.status).toBe(200);
  const link = s.mailer.outbox.at(-1)?.link;
  expect(link).toBeTruthy();
  return new URL(link!).searchParams.get('token')!;
}
const useLink = (token: string, password: string) =>
  s.call('POST', '/api/auth/password/email', { body: { token, password, password_confirmation: password } });

describe('reset links', () => {
  it('an older link is refused once a newer one was mailed', async () => {
    const old = await resetLink();
    const newer = await resetLink();
    expect((await useLink(old, 'attacker-pass-1')).status).toBe(422);
    expect((await useLink(newer, 'owner-pass-12')).status).toBe(200);
  });

  it('an older link is refused after the password was changed in the profile', async () => {
    const old = await resetLink();
    const token = await s.login(EMAIL);
    const changed = await s.call('POST', '/api/profile/update-password', { token, body: { password: 'owner-pass-12', confirm_password: 'owner-pass-12' } });
    expect(changed.status).toBe(200);
    expect((await useLink(old, 'attacker-pass-1')).status).toBe(422);
  });

  it('a link works once', async () => {
    const link = await resetLink();
    expect((await useLink(link, 'owner-pass-12')).status).toBe(200);
    expect((await useLink(link, 'attacker-pass-1')).status).toBe(422);
  });
});
