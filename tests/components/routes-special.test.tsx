import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useTestBackend, createTestServices, renderRoute, signInAs } from '../helpers/render-app';

const backend = useTestBackend();

describe('special routes of spec 01 §2', () => {
  test('/rewards opens for a user whose rewards flag is 1', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'rewards@demo.test');
    const { history } = renderRoute('/rewards', services);
    expect(await screen.findByRole('heading', { name: 'Win free credits' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/rewards');
  });

  test('/rewards redirects to / for everyone else', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'free@demo.test');
    const { history } = renderRoute('/rewards', services);
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Your library' })).toBeInTheDocument();
  });

  test('/ shows the library when signed in and the SEO tool page otherwise', async () => {
    renderRoute('/', createTestServices(backend));
    expect(await screen.findByRole('heading', { name: 'Free AI writing tools for every format' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  test('/rewrite-article redirects to /ai-text-humanizer', async () => {
    const services = createTestServices(backend);
    await signInAs(services, 'free@demo.test');
    const { history } = renderRoute('/rewrite-article', services);
    await waitFor(() => expect(history.location.pathname).toBe('/ai-text-humanizer'));
  });

  test('unknown paths show the not-found page; /server-maintenance its page', async () => {
    const services = createTestServices(backend);
    const { unmount } = renderRoute('/definitely/not/here', services);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    unmount();
    renderRoute('/server-maintenance', services);
    expect(await screen.findByRole('heading', { name: 'We’ll be back soon' })).toBeInTheDocument();
  });

  test('every authenticated route sends a signed-out visitor to /login', async () => {
    const paths = ['/dashboard', '/image-generator', '/video-generator', '/content/new', '/kit/3', '/history', '/chat', '/storybook-library', '/credit-based', '/blog-writer', '/easy-blog-writer', '/blog-library', '/ai-text-humanizer', '/onboarding', '/rewards'];
    for (const path of paths) {
      const { history, unmount } = renderRoute(path, createTestServices(backend));
      await waitFor(() => expect(history.location.pathname, path).toBe('/login'));
      unmount();
    }
  });
});
