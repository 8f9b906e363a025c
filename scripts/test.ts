// npm test: every suite. Unit and API tests (Vitest) on embedded PGlite, browser journeys
// (Playwright on Debian's Chromium), and, when TEST_DATABASE_URL names a PostgreSQL server, the
// database-backed suites once more against it. Ends with one line `N passed, M failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { prepareBrowser } from './browser-setup.ts';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };

function run(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  resultFile: string,
  read: (file: string) => Tally,
) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (!existsSync(resultFile)) {
    console.error(`${label}: no results written (exit ${result.status})`);
    total.failed += 1;
    return;
  }
  const t = read(resultFile);
  // A runner that failed without a failed test (an unhandled error, a crash) counts as one failure.
  if (result.status !== 0 && t.failed === 0) t.failed = 1;
  console.log(`${label}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
  total.passed += t.passed;
  total.failed += t.failed;
  total.skipped += t.skipped;
}

function readVitest(file: string): Tally {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
  };
}

function readPlaywright(file: string): Tally {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const s = json.stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
}

const { TEST_DATABASE_URL, ...baseEnv } = process.env;
const only = process.argv[2]; // optional: unit | e2e | postgres

// Before any suite: a machine that cannot run the browser journeys gets them installed (as root
// with apt) or hears at once the one command to run, not after the unit suites.
const browserProblem = prepareBrowser(!only || only === 'e2e');
if (browserProblem) {
  console.error(browserProblem);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

if (!only || only === 'unit') {
  const file = path.join(out, 'vitest.json');
  run(
    'Unit and API tests (PGlite)',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    baseEnv,
    file,
    readVitest,
  );
}
if (!only || only === 'e2e') {
  // Journeys run against a fresh production build, never a stale one.
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) total.failed += 1;
  const file = path.join(out, 'playwright.json');
  run(
    'Browser journeys (Playwright, Chromium)',
    'npx',
    ['playwright', 'test'],
    { ...baseEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    file,
    readPlaywright,
  );
}
if ((!only || only === 'postgres') && TEST_DATABASE_URL) {
  const file = path.join(out, 'vitest-postgres.json');
  run(
    'Database-backed suites (PostgreSQL)',
    'npx',
    ['vitest', 'run', 'apps/server', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    { ...baseEnv, TEST_DATABASE_URL },
    file,
    readVitest,
  );
}

console.log(
  `\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed > 0 ? 1 : 0);
