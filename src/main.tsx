import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme/global.css';
import { createAppServices } from './app/services';
import { App } from './app/app';
import { loadInspector } from './state/inspect';
import { hostedSignInUrl } from './features/auth/hosted-sign-in';
import { initColorMode } from './ui/color-mode';

const pageLoadedAt = Date.now();

initColorMode();

async function start() {
  // Stately Inspect only with ?inspect or VITE_INSPECT=1; loaded on demand so production bundles
  // never carry it unless asked.
  const inspect = await loadInspector(window.location.search, import.meta.env.VITE_INSPECT);
  const services = createAppServices({
    baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
    pageLoadedAt,
    // 401 policy (01 §4): the client already cleared the token; 'Token expired.' goes to the hosted
    // sign-in, 'Unauthenticated.' to /, and during the initial-load guard nothing else happens.
    onUnauthorized: (action) => {
      if (action === 'hostedSignIn') window.location.assign(hostedSignInUrl(window.location.origin, sessionStorage));
      else if (action === 'home') window.location.assign('/');
    },
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} inspect={inspect} />
    </StrictMode>,
  );
}

void start();
