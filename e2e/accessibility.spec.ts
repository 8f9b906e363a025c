import { seriousAxeViolations } from './axe.ts';
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
        const violations = await seriousAxeViolations(page);
        expect(violations, `axe violations on ${target.path} at ${viewport.width} px`).toEqual([]);
      });
    }
  });
}
