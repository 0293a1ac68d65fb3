/**
 * The sidebar's mobile-app promotion (01 §1: "a QR code on large screens, a store link on small screens"),
 * shown when a store address is configured (VITE_MOBILE_APP_URL), in the real app.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { SHELL_MESSAGES as M } from '@/features/shell/messages';
import { mobileAppUrl } from '@/features/shell/mobile-app-url';

const backend = useTestBackend();

async function shell() {
  const services = createTestServices(backend);
  await signInAs(services, 'free@demo.test');
  renderRoute('/home', services);
  return screen.findByRole('complementary', { name: 'Sidebar' });
}

afterEach(() => vi.unstubAllEnvs());

describe('mobile-app promotion', () => {
  it('takes an https store address only', () => {
    expect(mobileAppUrl({})).toBeNull();
    expect(mobileAppUrl({ VITE_MOBILE_APP_URL: 'javascript:alert(1)' })).toBeNull();
    expect(mobileAppUrl({ VITE_MOBILE_APP_URL: 'http://apps.example.com/app' })).toBeNull();
    expect(mobileAppUrl({ VITE_MOBILE_APP_URL: 'https://apps.example.com/app' })).toBe('https://apps.example.com/app');
  });

  it('shows a QR code of the store address and a store link that opens in a new tab', async () => {
    vi.stubEnv('VITE_MOBILE_APP_URL', 'https://apps.example.com/wordsmith');
    const sidebar = await shell();
    const promo = await within(sidebar).findByRole('region', { name: M.mobileAppTitle });
    const qr = within(promo).getByLabelText(M.mobileAppQr);
    // the QR pattern is drawn: an SVG path encoding the address
    expect(qr.querySelector('svg path')?.getAttribute('d')?.length).toBeGreaterThan(100);
    const link = within(promo).getByRole('link', { name: M.mobileAppLink });
    expect(link).toHaveAttribute('href', 'https://apps.example.com/wordsmith');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('is not shown without a store address', async () => {
    vi.stubEnv('VITE_MOBILE_APP_URL', '');
    const sidebar = await shell();
    expect(within(sidebar).queryByRole('region', { name: M.mobileAppTitle })).toBeNull();
  });
});
