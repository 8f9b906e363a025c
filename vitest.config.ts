import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/build/**', 'e2e/**'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    // Migrates and seeds once per run into templates that each test file copies.
    globalSetup: ['./apps/server/src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share a worker's loaded modules and compiled PGlite (each opens its own database).
    isolate: false,
    maxWorkers: 2,
  },
});
