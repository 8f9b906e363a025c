// Screenshots of the main pages at desktop and phone widths, for looking at what we built
// (and for the README). Usage: node scripts/screenshots.ts [baseUrl] [outDir]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const outDir = path.resolve(process.argv[3] ?? 'test-results/screenshots');
mkdirSync(outDir, { recursive: true });

const pages = (
  process.env.PAGES ?? '/,/product/garam-masala,/search?q=masala,/about,/shipping-policy,/no-such-page'
).split(',');
const widths = [1280, 390];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const width of widths) {
  const context = await browser.newContext({
    viewport: { width, height: width > 800 ? 900 : 844 },
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const name = `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: process.env.FULL === '1' });
    console.log(path.join(outDir, name));
  }
  await context.close();
}
await browser.close();
