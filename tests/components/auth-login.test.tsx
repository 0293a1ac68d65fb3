import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTestBackend, createTestServices, renderRoute, DEMO_PASSWORD } from '../helpers/render-app';
import { authMessages } from '@/features/auth/messages';

const backend = useTestBackend();

describe('sign-in through the in-process reference backend', () => {
  test('a signed-out visitor opening an authenticated route lands on /login', async () => {
    const { history } = renderRoute('/chat', createTestServices(backend));
    expect(await screen.findByRole('heading', { name: authMessages.signInTitle })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
    expect(history.location.search).toBe('?next=%2Fchat');
  });

  test('an empty form names both missing fields and sends nothing', async () => {
    const services = createTestServices(backend);
    renderRoute('/login', services);
    await userEvent.click(await screen.findByRole('button', { name: authMessages.signIn }));
    expect(await screen.findByText(authMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(authMessages.passwordRequired)).toBeInTheDocument();
    expect(services.tokens.get()).toBeNull();
  });

  test('a wrong password shows the backend’s own message and keeps what was typed', async () => {
    const services = createTestServices(backend);
    renderRoute('/login', services);
    await userEvent.type(await screen.findByLabelText(authMessages.email), 'free@demo.test');
    await userEvent.type(screen.getByLabelText(authMessages.password), 'not-the-password');
    await userEvent.click(screen.getByRole('button', { name: authMessages.signIn }));
    const alert = await screen.findByRole('alert');
    // The message is the server's: read it from the real backend rather than retyping it.
    const res = await backend.app.fetch(
      new Request('http://localhost/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Application': 'writer-web' },
        body: JSON.stringify({ email: 'free@demo.test', password: 'not-the-password' }),
      }),
    );
    const body = (await res.json()) as { message: string };
    expect(alert).toHaveTextContent(body.message);
    expect(screen.getByLabelText(authMessages.email)).toHaveValue('free@demo.test');
    expect(services.tokens.get()).toBeNull();
  });

  test('free@demo.test signs in and reaches /home with a greeting by name', async () => {
    const services = createTestServices(backend);
    const { history } = renderRoute('/login?next=%2Fhome', services);
    await userEvent.type(await screen.findByLabelText(authMessages.email), 'free@demo.test');
    await userEvent.type(screen.getByLabelText(authMessages.password), DEMO_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: authMessages.signIn }));
    await waitFor(() => expect(history.location.pathname).toBe('/home'));
    expect(await screen.findByRole('heading', { name: /Welcome back, / })).toBeInTheDocument();
    expect(services.tokens.get()?.token).toBeTruthy();
  });
});
