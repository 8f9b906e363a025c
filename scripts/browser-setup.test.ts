import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BrowserFacts, planBrowserSetup } from './browser-setup.ts';

const fresh: BrowserFacts = {
  journeys: true,
  chromiumPath: undefined,
  chromiumPresent: false,
  hindiFontPresent: false,
  isRoot: true,
  aptGet: true,
};

describe('what npm test does about the browser journeys', () => {
  it.each<[string, Partial<BrowserFacts>, ReturnType<typeof planBrowserSetup>]>([
    [
      'a fresh Debian machine as root: installs Chromium and the fonts',
      {},
      { action: 'install', packages: ['chromium', 'fonts-noto-core'] },
    ],
    [
      'only the fonts missing: installs them alone',
      { chromiumPresent: true },
      { action: 'install', packages: ['fonts-noto-core'] },
    ],
    [
      'everything there: runs',
      { chromiumPresent: true, hindiFontPresent: true, isRoot: false },
      { action: 'ready' },
    ],
    [
      'no journeys in this run (npm test -- unit): needs nothing',
      { journeys: false, isRoot: false, aptGet: false },
      { action: 'ready' },
    ],
  ])('%s', (_label, facts, plan) => {
    expect(planBrowserSetup({ ...fresh, ...facts })).toEqual(plan);
  });

  it('stops at once with the one command when not root', () => {
    const plan = planBrowserSetup({ ...fresh, isRoot: false });
    expect(plan.action).toBe('stop');
    expect(plan.action === 'stop' && plan.message).toContain(
      'sudo apt-get install -y chromium fonts-noto-core\n',
    );
  });

  it('names only what is missing in the command', () => {
    const plan = planBrowserSetup({ ...fresh, isRoot: false, hindiFontPresent: true });
    expect(plan.action === 'stop' && plan.message).toContain('sudo apt-get install -y chromium\n');
  });

  it('stops on a CHROMIUM_PATH that does not exist, even as root (apt would not fix it)', () => {
    const plan = planBrowserSetup({ ...fresh, chromiumPath: '/opt/chrome/chrome', hindiFontPresent: true });
    expect(plan).toMatchObject({
      action: 'stop',
      message: expect.stringContaining('CHROMIUM_PATH is /opt/chrome/chrome'),
    });
  });

  it('without apt-get says what to install and how to point at it', () => {
    const plan = planBrowserSetup({ ...fresh, aptGet: false });
    expect(plan).toMatchObject({ action: 'stop', message: expect.stringContaining('set CHROMIUM_PATH') });
  });

  it('installs only as root with apt, runs only with everything present, and otherwise stops', () => {
    fc.assert(
      fc.property(
        fc.record({
          journeys: fc.boolean(),
          chromiumPath: fc.constantFrom(undefined, '/usr/bin/chromium', '/opt/chromium'),
          chromiumPresent: fc.boolean(),
          hindiFontPresent: fc.boolean(),
          isRoot: fc.boolean(),
          aptGet: fc.boolean(),
        }),
        (f) => {
          const plan = planBrowserSetup(f);
          const complete = f.chromiumPresent && f.hindiFontPresent;
          if (!f.journeys || complete) expect(plan).toEqual({ action: 'ready' });
          else if (plan.action === 'install') {
            expect(f.isRoot && f.aptGet).toBe(true);
            expect(plan.packages.length).toBeGreaterThan(0);
            expect(plan.packages.includes('chromium')).toBe(!f.chromiumPresent);
          } else expect(plan.action).toBe('stop');
        },
      ),
    );
  });
});
