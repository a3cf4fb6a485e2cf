import { defineConfig, devices } from '@playwright/test';
import { APP_URL } from './e2e/env.ts';

/** Debian's Chromium (installed by .ci/run), with nothing that reaches third-party networks. */
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
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
};

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // Each worker has its own backend and app server (e2e/stack.ts), so the site switches one test
  // flips are seen by no other worker. Files are spread over the workers; the tests of a file run in
  // order in one. Two workers are the fastest on a 2-core machine (see README); E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || 2,
  fullyParallel: false,
  forbidOnly: true,
  // One retry in CI, reported as flaky, so a rare timing hiccup on a busy 2-core runner does not
  // hide the rest of the run; none locally, so flakiness is seen where it is fixed.
  retries: process.env.CI ? 1 : 0,
  // A journey with two browsers, sign-ins and an axe run takes 20-30 s on a busy 2-core runner with
  // Debian's current Chromium, and a runner about twice as slow was seen (the member journey took
  // over a minute there, at the last release's commit too): CI gives each test 90 s. A test that
  // needs more than the local 30 s asks for `Math.max(test.info().timeout, N)`, never less than this.
  timeout: process.env.CI ? 90_000 : 30_000,
  expect: { timeout: 7_500 },
  reporter: process.env.CI ? 'line' : [['list']],
  use: {
    baseURL: APP_URL,
    // Pinned so that dates, numbers and copy render the same on every machine and in CI.
    locale: 'en-US',
    timezoneId: 'Europe/Zurich',
    colorScheme: 'light',
    // Recording a trace of every test costs a quarter of the run's time on a 2-core machine
    // (measured: two journey files 129 s with it, 104 s without). CI records the retry of a failed
    // test (its one retry), which is where the trace is read; locally, with no retries, a failure
    // keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    ...chromium,
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        ...chromium,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      // Phone first: every test runs at phone size. The desktop run repeats only the tests tagged
      // @desktop, those whose screen differs at 1280 px (the shell and its navigation, the layouts
      // that use the room, the accessibility scans, the public pages); a journey's logic does not
      // change with the width, and running all of them twice doubled a CI run.
      name: 'desktop',
      grep: /@desktop/,
      use: { ...devices['Desktop Chrome'], ...chromium, viewport: { width: 1280, height: 800 } },
    },
  ],
});
