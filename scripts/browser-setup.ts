// What `npm test` needs for the browser journeys on a fresh Debian machine, decided before any
// suite runs (as `playwright install --with-deps` would, but with Debian's own Chromium, which the
// journeys drive at /usr/bin/chromium, and the Noto fonts the Hindi pages need): install it when
// running as root with apt, otherwise stop at once with the one command to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
/** A file of Debian's fonts-noto-core: Hindi (Devanagari) renders with it. */
export const HINDI_FONT = '/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf';

export interface BrowserFacts {
  /** This run has browser journeys (not `npm test -- unit` or `-- postgres`). */
  journeys: boolean;
  /** CHROMIUM_PATH when set (the journeys use it instead of /usr/bin/chromium). */
  chromiumPath: string | undefined;
  chromiumPresent: boolean;
  hindiFontPresent: boolean;
  isRoot: boolean;
  aptGet: boolean;
}

export type BrowserPlan =
  | { action: 'ready' }
  | { action: 'install'; packages: string[] }
  | { action: 'stop'; message: string };

export function planBrowserSetup(f: BrowserFacts): BrowserPlan {
  if (!f.journeys) return { action: 'ready' };
  if (f.chromiumPath && f.chromiumPath !== DEFAULT_CHROMIUM && !f.chromiumPresent)
    return {
      action: 'stop',
      message: `CHROMIUM_PATH is ${f.chromiumPath}, which does not exist: point it at a Chromium, or unset it to use Debian's (${DEFAULT_CHROMIUM}).`,
    };
  const packages = [
    ...(f.chromiumPresent ? [] : ['chromium']),
    ...(f.hindiFontPresent ? [] : ['fonts-noto-core']),
  ];
  if (packages.length === 0) return { action: 'ready' };
  if (f.aptGet && f.isRoot) return { action: 'install', packages };
  if (f.aptGet)
    return {
      action: 'stop',
      message: `The browser journeys need ${packages.join(' and ')}. Run:\n  sudo apt-get install -y ${packages.join(' ')}\nthen npm test again (or npm test -- unit for the suites without a browser).`,
    };
  return {
    action: 'stop',
    message: `The browser journeys need ${packages.includes('chromium') ? 'Chromium' : ''}${packages.length === 2 ? ' and ' : ''}${packages.includes('fonts-noto-core') ? 'the Noto fonts with Devanagari (for the Hindi pages)' : ''}, and this machine has no apt-get: install them with its package manager and set CHROMIUM_PATH to the browser, then npm test again (or npm test -- unit for the suites without a browser).`,
  };
}

export function browserFacts(journeys: boolean, env: NodeJS.ProcessEnv = process.env): BrowserFacts {
  const chromiumPath = env.CHROMIUM_PATH || undefined;
  return {
    journeys,
    chromiumPath,
    chromiumPresent: existsSync(chromiumPath ?? DEFAULT_CHROMIUM),
    hindiFontPresent: existsSync(HINDI_FONT),
    isRoot: process.getuid?.() === 0,
    aptGet: existsSync('/usr/bin/apt-get'),
  };
}

/** Runs the plan: installs what is missing, or says why not. Null when the journeys can run. */
export function prepareBrowser(journeys: boolean): string | null {
  const plan = planBrowserSetup(browserFacts(journeys));
  if (plan.action === 'ready') return null;
  if (plan.action === 'stop') return plan.message;
  console.log(`Installing ${plan.packages.join(' ')} for the browser journeys (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...plan.packages],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0)
      return `apt-get ${args[0]} failed (exit ${result.status}): install them yourself with\n  apt-get install -y ${plan.packages.join(' ')}`;
  }
  const after = planBrowserSetup(browserFacts(journeys));
  return after.action === 'ready'
    ? null
    : `apt-get installed ${plan.packages.join(' ')} but the journeys still lack them.`;
}
