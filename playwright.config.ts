import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3111);

// Debian's Chromium, never a downloaded browser (ARCHITECTURE.md).
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The shop's service worker (issue 42) would answer pages and images before page.route sees
    // them: journeys run without it, except e2e/pwa-*.spec.ts, which allow it.
    serviceWorkers: 'block',
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'desktop',
      dependencies: ['setup'],
      testIgnore: /admin-site\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    // The back office's site journeys change the home banner, the footer and the About order that
    // the storefront journeys check, so they run once those are done. On their own:
    // npx playwright test --project=setup --project=back-office-site --no-deps --workers=1
    {
      name: 'back-office-site',
      dependencies: ['desktop'],
      testMatch: /admin-site\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
  ],
  webServer: {
    command: `node scripts/start.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'warn',
      // Every journey logs in from 127.0.0.1: lift the per-IP cap the way a load test would.
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      // Several journeys send contact messages from the same address (the contact page, in Hindi,
      // and the back office's replies): the per-address limit is tested in the API suite.
      CONTACT_PER_IP_PER_HOUR: '100000',
      // Uploaded test images go with the run's other output, not into the dev shop's media.
      MEDIA_DIR: 'test-results/e2e-media',
      // The courier webhook's token (shipping.spec.ts posts Shiprocket's tracking updates).
      SHIPROCKET_WEBHOOK_TOKEN: 'e2e-shiprocket-webhook-token',
    },
  },
});
