import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// End-to-end tests: Debian's Chromium against the built app served by the production server.
// Run `npm run test:e2e` from the repository root (it builds the client first).

const CI = !!process.env.CI;
// One browser and the server it drives need about two cores between them (the server renders pages, hashes passwords
// and resizes photos while Chromium renders): below four cores a second worker only makes both wait, and the tests
// time out on a laptop as they would on a CI runner. The machine decides, not the CI variable.
const WORKERS = availableParallelism() < 4 ? 1 : 2;
const chromium = JSON.parse(readFileSync(new URL('./chromium.json', import.meta.url), 'utf8')) as {
  path: string;
  flags: string[];
};

/** Asks the OS for a port nobody is listening on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// Playwright loads this file again in every worker process. Workers inherit the runner's environment, so the
// port and the data directory are chosen once, by the runner, and handed on in these variables.
process.env.E2E_PORT ??= String(await freePort());
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'curbside-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Runs as the runner exits, after it has stopped the server.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const port = process.env.E2E_PORT;
const dataDir = process.env.E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: CI,
  // The same on every machine, so CI is not the only place the suite is green; a test that passes only on its
  // retry is reported as flaky (scripts/test.mjs names them) and is a bug to fix.
  retries: 1,
  workers: WORKERS,
  // Measured with one worker on a quiet 2-core machine: the slowest journey (sign up, submit a car with photos) takes
  // 43 s, the axe sweeps about 20 s, the rest under 12 s. Three times the slowest leaves room for a
  // slow laptop or a busy machine; a test that needs more is to be made faster, not given a budget of its own.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    // scripts/test.mjs sets PLAYWRIGHT_JSON_OUTPUT_FILE to count results for its summary line.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['json'] as ['json']] : []),
  ],
  outputDir: 'test-results',
  use: {
    baseURL,
    // The visitor's system prefers the dark scheme (the brand's look); theme.spec.ts and
    // a11y.spec.ts try the light one too.
    colorScheme: 'dark',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium.path,
      args: chromium.flags,
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /site-modes\.spec\.ts/, use: { ...devices['Desktop Chrome'] } },
    // Maintenance and coming-soon mode change what every page shows, so they run alone, after everything else.
    {
      name: 'site-modes',
      testMatch: /site-modes\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    // The production server on a fresh embedded database with the demo data; `npm run build` must have built the
    // client and the server (server/dist/main.js) already.
    command: 'npm run start -w @curbside/server',
    cwd: '..',
    // The page responds once migrations and the demo data are done and the server listens.
    url: `${baseURL}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: port,
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'e2e-session-secret-of-at-least-32-characters',
      SEED_DEMO: 'true',
      // A demonstration site: production refuses the demo data and the test card without these.
      ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
      // Served over http on 127.0.0.1, its mail read from the outbox: production refuses both unless told.
      ALLOW_HTTP_PUBLIC_URL: 'true',
      ALLOW_OUTBOX_MAIL_IN_PRODUCTION: 'true',
      LOG_LEVEL: 'warn',
      // The journeys register their accounts from 127.0.0.1, more than the default 5 an hour.
      REGISTRATIONS_PER_HOUR: '1000',
      // fair-votes.spec.ts votes from several addresses through X-Forwarded-For; a browser sends none, so every other
      // request is still its socket's address.
      TRUST_PROXY: 'true',
    },
  },
});
