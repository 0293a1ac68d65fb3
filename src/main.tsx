import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme/global.css';
import { createAppServices } from './app/services';
import { App } from './app/app';
import { loadInspector } from './state/inspect';
import { createAppActors } from './state/app-actors';
import { openNoNetworkDialog, openNoNetworkOnOffline } from './state/network-dialogs';
import { initColorMode } from './ui/color-mode';

const pageLoadedAt = Date.now();

initColorMode();

async function start() {
  // Stately Inspect only with ?inspect or VITE_INSPECT=1; loaded on demand so production bundles
  // never carry it unless asked.
  const inspect = await loadInspector(window.location.search, import.meta.env.VITE_INSPECT);
  // The app-wide actors exist before the services: the client's callbacks talk to them.
  const actors = createAppActors({ inspect });
  const services = createAppServices({
    baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
    pageLoadedAt,
    // 401 policy (01 §4): the client already cleared the token; 'Token expired.' goes to the hosted
    // sign-in, 'Unauthenticated.' to /, and during the initial-load guard nothing else happens.
    onUnauthorized: (action) => {
      if (action === 'hostedSignIn') {
        void import('./features/auth/hosted-sign-in').then(({ hostedSignInUrl }) =>
          window.location.assign(hostedSignInUrl(window.location.origin, sessionStorage)),
        );
      }
      else if (action === 'home') window.location.assign('/');
    },
    // 01 §2 no-network dialog: a call that never reached the server.
    onNetworkError: () => openNoNetworkDialog(actors),
  });
  // …and the browser telling us the connection is gone.
  openNoNetworkOnOffline(actors, window);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} actors={actors} />
    </StrictMode>,
  );
}

void start();
