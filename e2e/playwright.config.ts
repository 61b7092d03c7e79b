import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { baseURL, developmentURL, e2ePort as port } from './tests/support/servers.js';

const dataRoot = path.resolve(import.meta.dirname, '../.e2e-data');
const dayMs = 24 * 60 * 60 * 1000;

// A fresh database for every run. This file is evaluated again in each worker process; the
// environment hands the runner's choice on to them instead of making a new directory each time.
if (!process.env.E2E_DATA_DIR) {
  // Databases of earlier runs stay a day for looking into failures, then they only take space.
  for (const entry of existsSync(dataRoot) ? readdirSync(dataRoot) : []) {
    const dir = path.join(dataRoot, entry);
    if (Date.now() - statSync(dir).mtimeMs > dayMs) rmSync(dir, { recursive: true, force: true });
  }
  process.env.E2E_DATA_DIR = path.join(dataRoot, new Date().toISOString().replace(/[:.]/g, '-'));
}
const dataDir = process.env.E2E_DATA_DIR;
mkdirSync(dataDir, { recursive: true });

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: true,
  // One journey at a time. Two at a time on CI's two cores saved no time over a whole run (CI took
  // 22 min with one worker, 28-30 min with two) and made journeys flaky under load (a dialog that
  // never opened, a list not shown within its 5 s), so the suite runs serially.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A test's time limit guards against hangs; speed is the bench's to measure (docs/design.md
  // "Performance budgets"). The CI machine runs the journeys two to three times slower than a
  // developer's (a 10 s test took over 30 s there), so the limit is twice Playwright's default.
  // Each step's own wait stays at 5 s.
  timeout: 60_000,
  // list prints every test and a closing count; the JSON file feeds scripts/test-summary.mjs.
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    baseURL,
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
    // A failed journey keeps its trace: every action with the DOM before and after it, the network
    // and the console, but no screencast. The trace is recorded for every journey (kept only for a
    // failed one); its screenshots cost Chromium's GPU and browser processes about a tenth of the
    // suite's CPU time. The shell spec (10 journeys, the loaded 2-core machine, both servers' start
    // included): 154 s of CPU with screenshots (GPU process 18 s), 144 s without (GPU process 6 s),
    // 125 s with no trace at all.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    headless: true,
    // Debian's Chromium: the machines never download a browser build.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'node ../apps/api/dist/server.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      // A fresh embedded database is created and migrated first (a few seconds).
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        FIXED_TODAY: '2026-11-21',
        NODE_ENV: 'test',
        // The tests act as many clients: each sends its own X-Forwarded-For (tests/support/fixtures.ts),
        // as a load balancer on this machine would, so per-IP rate limits never couple two tests.
        TRUST_PROXY: '127.0.0.1',
        // No network here: the rates stay the bundled ones, and no request leaves the machine.
        RATES_URL: 'http://127.0.0.1:9/eurofxref-daily.xml',
      },
    },
    {
      command: 'node ../apps/api/dist/server.js',
      url: `${developmentURL}/api/health`,
      reuseExistingServer: false,
      // Migrates a fresh database and seeds the demo account and its organisation.
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port + 1),
        HOST: '127.0.0.1',
        PUBLIC_URL: developmentURL,
        DATA_DIR: path.join(dataDir, 'development'),
        FIXED_TODAY: '2026-11-21',
        NODE_ENV: 'development',
        RATES_URL: 'http://127.0.0.1:9/eurofxref-daily.xml',
      },
    },
  ],
});
