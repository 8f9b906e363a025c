import AxeBuilder from '@axe-core/playwright';
import { DESKTOP, expect, MOBILE, open, test } from './support.ts';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'product page', path: '/product/garam-masala' },
  { name: 'search results page', path: '/search?q=masala' },
  { name: 'about page', path: '/about' },
] as const;

for (const viewport of [DESKTOP, MOBILE]) {
  test.describe(`Accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const target of PAGES) {
      test(`the ${target.name} has no serious or critical axe violations at ${viewport.width} px`, async ({
        page,
      }) => {
        await open(page, target.path);
        const results = await new AxeBuilder({ page }).analyze();
        const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        const report = blocking
          .map(
            (v) =>
              `- ${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n` +
              v.nodes
                .map(
                  (n) =>
                    `    target: ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`,
                )
                .join('\n'),
          )
          .join('\n');
        expect(blocking, `axe violations on ${target.path} at ${viewport.width} px:\n${report}`).toEqual([]);
      });
    }
  });
}
