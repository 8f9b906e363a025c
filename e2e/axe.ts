// axe-core on the page as it is now: the serious and critical violations, one readable line per
// rule with the elements it names. Not a spec file.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './support.ts';

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // The dev outbox's e-mail frames are sandboxed without scripts: axe cannot run inside them.
  const results = await new AxeBuilder({ page }).exclude('iframe.outbox__email').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map(
            (n) => `    target: ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    );
}

/** Fails the test when the page has serious or critical violations, listing them. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}
