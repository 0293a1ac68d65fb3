/** Issue 33, finding 4: a brand-new user is greeted, not welcomed back; a returning user is welcomed back. */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { HOME_MESSAGES } from '@/features/home/messages';

const backend = useTestBackend();

describe('/home greeting', () => {
  test('new@demo.test (first login) reads "Welcome, …", and still does once the welcome dialog has cleared the first-login flag', async () => {
    const services = createTestServices(backend);
    const user = await signInAs(services, 'new@demo.test');
    const { actors } = renderRoute('/home', services);
    expect(await screen.findByRole('heading', { level: 1, name: HOME_MESSAGES.welcome(user.name) }, { timeout: 15_000 })).toBeInTheDocument();
    // the welcome dialog opens and POST /api/isFirstLogin clears the flag; the greeting stays
    await waitFor(() => expect(actors.dialogs.getSnapshot().context.current?.name).toBe('welcome'), { timeout: 10_000 });
    await waitFor(async () => expect((await services.api.GET('/api/auth/getUser')).data?.data.user.isFirstLogin).toBeFalsy());
    // the page behind the modal dialog is hidden from the accessibility tree, so read the heading itself
    expect(screen.getByRole('heading', { level: 1, hidden: true })).toHaveTextContent(HOME_MESSAGES.welcome(user.name));
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  }, 40_000);

  test('free@demo.test (an account from an earlier visit) reads "Welcome back, …"', async () => {
    const services = createTestServices(backend);
    const user = await signInAs(services, 'free@demo.test');
    renderRoute('/home', services);
    expect(await screen.findByRole('heading', { level: 1, name: HOME_MESSAGES.welcomeBack(user.name) }, { timeout: 15_000 })).toBeInTheDocument();
  }, 30_000);
});
