import { defineConfig } from '@playwright/test';

// Playwright cannot download browsers on this machine kind: we drive Debian's Chromium.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
  // `npm run bench:bundle` (BENCH=1) runs the benchmarks in tests/bench instead of the end-to-end suite.
  testDir: process.env.BENCH ? 'tests/bench' : 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
        '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run',
      ],
    },
  },
  webServer: {
    // The production build served by the one-process server, on a fresh in-memory database.
    command: 'npx tsx server/serve.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // WORDSMITH_DEV=1: the journeys need the development routes (dev reset, test Google sign-in, test checkout).
    env: { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: 'memory://', NODE_ENV: 'test', WORDSMITH_DEV: '1', AI_PACE_MS: '5', DIST_DIR: process.env.DIST_DIR ?? 'dist' },
  },
});
