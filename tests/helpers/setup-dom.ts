import '@testing-library/jest-dom/vitest';
import './dom-polyfills';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// How long findBy*/waitFor wait for the page to get there (Testing Library's default: 1 s). Pages load their code
// on demand (React.lazy routes, deferred modules), and in this suite that code is transformed on its first import:
// with the whole suite running on a 2-core machine that took over a second at times (the navigation-guard and
// special-routes files failed by timeout, never by showing the wrong thing). What is expected is unchanged; only
// the time allowed for it to arrive.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
