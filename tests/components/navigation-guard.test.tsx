import { useLayoutEffect } from 'react';
import { describe, expect, test } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestServices, renderRoute, signInAs, useTestBackend } from '../helpers/render-app';
import { AppActorsProvider, createAppActors, type AppActors } from '@/state/app-actors';
import { NavigationGuard } from '@/app/navigation-guard';
import { useReportGeneration } from '@/state/navigation-guard-hooks';
import { Outlet, Route, Routes, UNSAFE_createMemoryHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { createGuardedHistory, GuardedHistoryContext, useGuardedHistory } from '@/app/guarded-history';
import { DIALOG_MESSAGES } from '@/features/dialogs/messages';

const backend = useTestBackend();

const t = DIALOG_MESSAGES.generationCheck;
const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });

async function renderSignedIn(path = '/home') {
  const actors = createAppActors();
  const services = createTestServices(backend);
  await signInAs(services, 'free@demo.test');
  const view = renderRoute(path, services, actors);
  await screen.findByRole('complementary', { name: 'Sidebar' });
  return { ...view, actors };
}

const report = (actors: AppActors, flags: Parameters<typeof useReportGeneration>[0]) =>
  act(() => actors.navigationGuard.send({ type: 'nav.update', flags }));

describe('navigation guard (01 §4)', () => {
  test('without a generation, a sidebar link navigates at once', async () => {
    const { history } = await renderSignedIn();
    await userEvent.click(within(sidebar()).getByRole('link', { name: 'AI Chat' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Chat' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/chat');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test("with a generation running, 'Stay here' keeps the page", async () => {
    const { actors, history } = await renderSignedIn();
    report(actors, { generationRunning: true });
    await userEvent.click(within(sidebar()).getByRole('link', { name: 'AI Chat' }));
    const dialog = await screen.findByRole('dialog', { name: t.title });
    expect(dialog).toHaveAccessibleDescription(t.message);
    expect(history.location.pathname).toBe('/home');

    await userEvent.click(within(dialog).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(history.location.pathname).toBe('/home');
    expect(screen.queryByRole('heading', { level: 1, name: 'AI Chat' })).not.toBeInTheDocument();

    // the guard asks again next time (the blocker was reset, not left blocked)
    await userEvent.click(within(sidebar()).getByRole('link', { name: 'AI Chat' }));
    expect(await screen.findByRole('dialog', { name: t.title })).toBeInTheDocument();
  });

  test("with a generation running, 'Yes proceed' goes to the link's page", async () => {
    const { actors, history } = await renderSignedIn();
    report(actors, { generationRunning: true });
    await userEvent.click(within(sidebar()).getByRole('link', { name: 'AI Chat' }));
    const dialog = await screen.findByRole('dialog', { name: t.title });
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Chat' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/chat');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('Escape on the question is Stay here', async () => {
    const { actors, history } = await renderSignedIn();
    report(actors, { generationRunning: true });
    await userEvent.click(within(sidebar()).getByRole('link', { name: 'AI Chat' }));
    await screen.findByRole('dialog', { name: t.title });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(history.location.pathname).toBe('/home');
    expect(actors.navigationGuard.getSnapshot().value).toBe('idle');
  });

  test('browser back is guarded too', async () => {
    const { actors, history } = await renderSignedIn();
    await userEvent.click(within(sidebar()).getByRole('link', { name: 'AI Chat' }));
    await screen.findByRole('heading', { level: 1, name: 'AI Chat' });
    report(actors, { generationRunning: true });
    act(() => void history.go(-1));
    const dialog = await screen.findByRole('dialog', { name: t.title });
    expect(history.location.pathname).toBe('/chat');
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(history.location.pathname).toBe('/home'));
  });

  test('outline generation in progress: outline-loading and no navigation', async () => {
    const { actors, history } = await renderSignedIn();
    report(actors, { outlineInProgress: true });
    await userEvent.click(within(sidebar()).getByRole('link', { name: 'AI Chat' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_MESSAGES.outlineLoading.title });
    expect(history.location.pathname).toBe('/home');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(history.location.pathname).toBe('/home');
  });

  test('a page leave prompt (beforeunload) is armed only while a generation runs', async () => {
    const { actors } = await renderSignedIn();
    const fire = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(fire()).toBe(false);
    report(actors, { generationRunning: true });
    await waitFor(() => expect(fire()).toBe(true));
    report(actors, { generationRunning: false });
    await waitFor(() => expect(fire()).toBe(false));
  });
});

describe('useReportGeneration', () => {
  function Reporter({ running }: { running: boolean }) {
    useReportGeneration({ generationRunning: running });
    return null;
  }

  test('reports the flags to the guard and clears them when the page goes away', () => {
    const actors = createAppActors();
    const flag = () => actors.navigationGuard.getSnapshot().context.generationRunning;
    const view = render(
      <AppActorsProvider actors={actors}>
        <Reporter running />
      </AppActorsProvider>,
    );
    expect(flag()).toBe(true);
    view.rerender(
      <AppActorsProvider actors={actors}>
        <Reporter running={false} />
      </AppActorsProvider>,
    );
    expect(flag()).toBe(false);
    view.rerender(
      <AppActorsProvider actors={actors}>
        <Reporter running />
      </AppActorsProvider>,
    );
    expect(flag()).toBe(true);
    view.unmount();
    expect(flag()).toBe(false);
  });
});

describe('a navigation while a new shell is still connecting its effects', () => {
  /**
   * A shell like the app's (shell-layout.tsx): a guard first, then the page. Each call makes a component type of its
   * own, as the public pages' and the app's layouts are: React mounts a new shell (and guard) when the type changes.
   */
  function makeShell(name: string) {
    return function Shell() {
      return (
        <div data-shell={name}>
          <NavigationGuard />
          <Outlet />
        </div>
      );
    };
  }
  const ShellA = makeShell('a');
  const ShellB = makeShell('b');
  /** Navigates in its layout effect: after the new shell's layout effects, before any passive effect of that commit. */
  function RedirectAtOnce({ to }: { to: string }) {
    const history = useGuardedHistory();
    useLayoutEffect(() => history.push(to), [history, to]);
    return null;
  }

  // The old shell's guard is unmounted in the same commit as the new one mounts; React runs passive effects (useEffect)
  // after layout effects. The guard's blocker and its answer from the machine are one unit: while one shell's blocker
  // asked and the other shell's listener answered, this navigation asked the machine again and again, forever (the
  // tab froze; in tests/components/chat-page.test.tsx the worker ran out of memory).
  test('goes through, asked once and never held (no endless asking)', () => {
    const actors = createAppActors();
    const guard = actors.navigationGuard;
    const requests: string[] = [];
    const send = guard.send.bind(guard);
    guard.send = (event) => {
      if (event.type === 'nav.request') requests.push(event.to);
      // a fail-safe so the old endless loop fails this test instead of hanging the worker
      if (requests.length > 20) throw new Error(`the guard was asked ${requests.length} times`);
      send(event);
    };
    const history = createGuardedHistory(UNSAFE_createMemoryHistory({ initialEntries: ['/a'], v5Compat: true }));
    render(
      <AppActorsProvider actors={actors}>
        <GuardedHistoryContext.Provider value={history}>
          <HistoryRouter history={history}>
            <Routes>
              <Route element={<ShellA />}>
                <Route path="/a" element={<p>page a</p>} />
              </Route>
              <Route element={<ShellB />}>
                <Route path="/b" element={<RedirectAtOnce to="/c" />} />
                <Route path="/c" element={<p>page c</p>} />
              </Route>
            </Routes>
          </HistoryRouter>
        </GuardedHistoryContext.Provider>
      </AppActorsProvider>,
    );
    expect(screen.getByText('page a')).toBeInTheDocument();
    const held: string[] = [];
    history.subscribeBlocker(() => held.push(history.blocker.state));
    act(() => history.push('/b'));
    expect(requests).toEqual(['/b', '/c']);
    expect(history.location.pathname).toBe('/c');
    // nothing runs, so neither navigation was ever held (the guard said go to the shell that asked)
    expect(held).toEqual([]);
    expect(screen.getByText('page c')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-shell]')).toHaveLength(1);
  });
});
