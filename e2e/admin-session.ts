// The demo admin's session, saved once per run by admin.setup.ts. Not a spec file.
import path from 'node:path';
import type { Browser } from '@playwright/test';

export const DEMO_ADMIN_MOBILE = '9999900001';
export const ADMIN_STATE_FILE = path.resolve(import.meta.dirname, '../test-results/admin-state.json');

/** A browser context (and page) logged in as the demo admin. Close the context when done. */
export async function adminPage(browser: Browser) {
  const context = await browser.newContext({ storageState: ADMIN_STATE_FILE });
  return { context, admin: await context.newPage() };
}
