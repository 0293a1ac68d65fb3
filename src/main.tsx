import { StrictMode, startTransition } from 'react';
import '@/theme/global.css';
import { createAppServices } from '@/core/services';
import { App, createAppHistory } from '@/app/app';
import { loadInspector } from '@/platform/inspect';
import { createAppActorsInSteps, HOSTED_SIGN_IN, type AppActors } from '@/state/app-actors';
import { openNoNetworkDialog, openNoNetworkOnOffline } from '@/state/network-dialogs';
import { initColorMode } from '@/ui/color-mode';
import { readStartupParams } from '@/app/startup-params';
import { idleSteps, warmUpFonts } from '@/ui/font-warmup';
import type { DialogRequest } from '@machines/dialogs';
import type { GenerationFlags } from '@/state/navigation-guard-hooks';

const pageLoadedAt = Date.now();

initColorMode();

/** Ends the current task: the rest runs in a new one (scheduler.yield where the browser has it). */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

async function start() {
  // React DOM (60 % of the entry's code) is evaluated in a task of its own, while the phases below run and the first
  // route downloads, instead of inside the entry's evaluation: the longest start-up task gets shorter on a slow phone.
  const reactDom = import('react-dom/client');
  // 01 §2 start-up parameters: applied first, and removed from the address bar at once.
  const startup = readStartupParams(window.location.href, sessionStorage);
  if (startup.replaceWith) window.history.replaceState(null, '', startup.replaceWith);
  // Start-up runs as a few short tasks rather than one long one, so a slow phone can paint and answer input in
  // between (Lighthouse mobile: total blocking time): the entry's own evaluation, then the history with the first
  // route's layout and page starting to download, then the services, then the actors, then the first render (which
  // React slices further).
  await yieldToBrowser();
  const history = createAppHistory();
  await yieldToBrowser();

  // Stately Inspect only with ?inspect or VITE_INSPECT=1; loaded on demand so production bundles
  // never carry it unless asked.
  const inspect = await loadInspector(window.location.search, import.meta.env.VITE_INSPECT);
  // The client's callback talks to the app-wide actors, which are created right after the services
  // (the session needs the client); it only ever runs later, once both exist. (The client's 401 reports reach the
  // session actor through the services, which createAppActors connects: 01 §4's policy is the session machine's.)
  let actors: AppActors | undefined;
  const services = createAppServices({
    baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
    pageLoadedAt,
    // 01 §2 no-network dialog: a call that never reached the server.
    onNetworkError: () => {
      if (actors) openNoNetworkDialog(actors);
    },
  });
  await yieldToBrowser();
  // the actors in a few tasks too: each machine's first snapshot, then their start
  actors = await createAppActorsInSteps(
    {
      inspect,
      services,
      // never stored as the session's token: the session exchanges it, or asks first when it has a session
      impersonateToken: startup.token,
      platform: {
        local: localStorage,
        session: sessionStorage,
        // the queue and the wizard load after the first route (App starts them)
        deferUntilStarted: true,
        redirect: (to) => {
          if (to === HOSTED_SIGN_IN) {
            void import('@/features/auth/hosted-sign-in').then(({ hostedSignInUrl }) =>
              window.location.assign(hostedSignInUrl(window.location.origin, sessionStorage)),
            );
          } else window.location.assign(to); // a full load of the target, whether the machine asked for a reload or not
        },
      },
    },
    yieldToBrowser,
  );
  // …and the browser telling us the connection is gone.
  openNoNetworkOnOffline(actors, window);
  // Test hook for the end-to-end suite (tests/e2e/a11y.spec.ts opens every global dialog, most of which
  // have no UI path yet). Choice: guarded by a page global that only a script already running in the page
  // can set (Playwright's addInitScript sets `__E2E__ = true` before this runs), not by a URL parameter, so
  // no link can reach it; the production build keeps working on one bundle for users and tests alike.
  // `__reportGeneration` raises the navigation guard's flags as a generating page does (useReportGeneration), so
  // the browser journey of the guard (tests/e2e/foundation.spec.ts: browser back, links) runs in a real browser
  // before the features that generate for minutes (tools, blog writer) exist.
  const e2e = window as Window & {
    __E2E__?: unknown;
    __openDialog?: (dialog: DialogRequest) => void;
    __reportGeneration?: (flags: GenerationFlags) => void;
  };
  if (e2e.__E2E__ === true) {
    e2e.__openDialog = (dialog) => actors.dialogs.send({ type: 'dialog.open', dialog });
    e2e.__reportGeneration = (flags) => actors.navigationGuard.send({ type: 'nav.update', flags });
  }
  const { createRoot } = await reactDom;
  await yieldToBrowser();
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React renders it in slices, yielding to the browser between them,
  // instead of one long task — on a slow phone the page answers input sooner (Lighthouse mobile, /login: less
  // total blocking time, a higher performance score in A/B runs). What is shown and when is unchanged: nothing is
  // on screen before this render commits either way.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App services={services} actors={actors} history={history} />
      </StrictMode>,
    ),
  );
  // signed in, while the splash is up and the user's data is on its way: the first screens' font styles, looked up
  // in idle time rather than inside the long task that lays the page out (src/ui/font-warmup.ts)
  if (services.tokens.get()) warmUpFonts(document, idleSteps(window));
}

void start();
