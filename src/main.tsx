import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme/global.css';
import { createAppServices } from './app/services';
import { App } from './app/app';
import { loadInspector } from './state/inspect';

const pageLoadedAt = Date.now();

async function start() {
  // Stately Inspect only with ?inspect or VITE_INSPECT=1; loaded on demand so production bundles
  // never carry it unless asked.
  const inspect = await loadInspector(window.location.search, import.meta.env.VITE_INSPECT);
  const services = createAppServices({
    baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
    pageLoadedAt,
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} inspect={inspect} />
    </StrictMode>,
  );
}

void start();
