import { describe, expect, test, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { UNSAFE_createMemoryHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { createGuardedHistory } from '@/app/guarded-history';
import { useTestBackend, createTestServices, signInAs } from '../helpers/render-app';
import { AppProviders, RouteErrorBoundary } from '@/app/app';
import { createAppActors } from '@/state/app-actors';
import { AppErrorBoundary } from '@/features/errors/error-boundary';
import { buildCrashReport } from '@/features/errors/crash-report';
import { errorMessages } from '@/features/errors/messages';

const backend = useTestBackend();

function Boom(): never {
  throw new TypeError('kaboom in a page');
}

/** Services whose fetch goes to the backend and records the crash reports it receives. */
function recordingServices() {
  const reports: { body: any; status: number }[] = [];
  const services = createTestServices(backend, {
    fetch: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const res = await backend.app.fetch(req.clone());
      if (new URL(req.url).pathname === '/logs/log-crash-report') reports.push({ body: await req.json(), status: res.status });
      return res;
    },
  });
  return { services, reports };
}

describe('crash handling (01 §8 "A crash is logged to the server and shows \'OOPS!\'")', () => {
  test('a page that crashes shows OOPS with Reload the page → /login, and posts one redacted crash report', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { services, reports } = recordingServices();
    const user = await signInAs(services, 'plus@demo.test');
    services.queryClient.setQueryData(services.$api.queryOptions('get', '/api/auth/getUser').queryKey, { data: { user } });
    const history = createGuardedHistory(UNSAFE_createMemoryHistory({ initialEntries: ['/secret?token=abc123'], v5Compat: true }));
    render(
      <AppProviders services={services} actors={createAppActors()}>
        <HistoryRouter history={history}>
          <RouteErrorBoundary pathname="/secret">
            <Boom />
          </RouteErrorBoundary>
        </HistoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: errorMessages.crashTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: errorMessages.crashAction })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(reports).toHaveLength(1));
    const [{ body, status }] = reports;
    expect(status).toBe(200);
    expect(body.error).toMatchObject({ name: 'TypeError', message: 'kaboom in a page' });
    expect(body.metadata.user).toEqual({ id: user.id });
    expect(body.metadata.subscription).toEqual({ plan_id: 2, status: 'active', payment_frequency: 'monthly' });
    // nothing sensitive: no email, no query string
    expect(JSON.stringify(body)).not.toContain('plus@demo.test');
    expect(JSON.stringify(body)).not.toContain('abc123');
    expect(warn.mock.calls.some((c) => String(c[0]).includes('kaboom in a page'))).toBe(true);
    vi.restoreAllMocks();
  });

  test('the boundary catches a crash outside the router, reports it once and shows OOPS', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onCrash = vi.fn();
    render(
      <AppErrorBoundary onCrash={onCrash}>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: errorMessages.crashTitle })).toBeInTheDocument();
    expect(onCrash).toHaveBeenCalledTimes(1);
    expect(onCrash.mock.calls[0][0]).toBeInstanceOf(TypeError);
    vi.restoreAllMocks();
  });

  test('the report carries the page path only and clips long stacks', () => {
    const err = new Error('x');
    err.stack = 'S'.repeat(20_000);
    const report = buildCrashReport(err, { href: 'https://app.example/resetpassword?token=t&email=e#id_token=z', user: null });
    expect(report.metadata?.url).toBe('https://app.example/resetpassword');
    expect((report.error as { stack: string }).stack).toHaveLength(8000);
    expect(buildCrashReport('plain', { href: 'not a url' }).error).toEqual({ name: 'Error', message: 'plain' });
  });
});
