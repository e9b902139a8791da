/**
 * Browser end-to-end tests: the built app served by `sunfield serve` on a fresh embedded database,
 * mail delivered to a local SMTP sink, driven in Debian's Chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { APP_PORT, BASE_URL, DATA_DIR, RUN_DIR, SMTP_PORT } from './setup/env.ts';

// Worker processes load this file too (sharing E2E_RUN_DIR): only the runner empties the database,
// or a worker would delete it under the running server.
if (!process.env.TEST_WORKER_INDEX) fs.rmSync(DATA_DIR, { recursive: true, force: true });
fs.mkdirSync(RUN_DIR, { recursive: true });
const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './specs',
  // 120 s a spec: on a busy 2-CPU machine (load ~15 with two browsers and the server) whole flows ran
  // past 60 s while each step passed, the last one's answer already on its way (CI, 2026-11-29).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two spec files at a time against the one server: each spec signs up its own company or reads the
  // demo company without changing what the others read (E2E_WORKERS=1 runs them one by one).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(RUN_DIR, 'e2e.json') }],
  ],
  globalSetup: './setup/globalSetup.ts',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // `sunfield serve` from a copy of the repository with no shared/ beside it (setup/serveFromCopy.mjs).
    command: 'node e2e/setup/serveFromCopy.mjs',
    cwd: repoRoot,
    url: `${BASE_URL}/api/system/version`,
    // First start on an empty embedded database seeds the Global library (16,830 modules): about
    // 40 s on a quiet machine, minutes on a loaded one.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      SUNFIELD_DATA_DIR: DATA_DIR,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every spec signs up from 127.0.0.1, more than the product's 10 an hour with retries.
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '1000',
      // Two Pro Tools with addresses (opened in a new tab); Voltage Pro and Terrain Pro left unset.
      DESIGN_PRO_URL: `${BASE_URL}/api/system/version?tool=design-pro`,
      PVRADAR_URL: `${BASE_URL}/api/system/version?tool=pvradar`,
      // The address the browser uses: single sign-on's redirect URI and cookies are on it.
      PUBLIC_URL: BASE_URL,
      // The single sign-on spec's OpenID provider listens on plain http on 127.0.0.1.
      SUNFIELD_SSO_ALLOW_HTTP: '1',
    },
  },
});
