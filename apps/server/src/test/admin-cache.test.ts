// Every back-office read the app registers (each GET under /api/admin in the OpenAPI document) is
// one admin's view of the shop: never stored by a browser or a CDN, whatever its status.

/** Public by the spec (section 6): the storefront's cart reads it, so a CDN may keep it briefly. */
const PUBLIC = new Set(['/api/admin/shipping-milestones']);

import { afterAll, beforeAll, expect, it } from 'vitest';
import { PUBLIC_CATALOGUE_CACHE } from '../lib/cache-headers.ts';
import { DEMO_ADMIN } from '../seed/demo-seed.ts';
import { createTestApp, type TestApp } from './app.ts';
import { verifyMobile } from './shoppers.ts';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await verifyMobile(t.app, DEMO_ADMIN.mobile)).cookie;
});
afterAll(async () => {
  await t.close();
});

it('answers every admin GET, signed in or not, with private, no-store', async () => {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const reads = Object.entries(doc.paths)
    .filter(([path, ops]) => path.startsWith('/api/admin/') && 'get' in ops && !PUBLIC.has(path))
    // A path parameter gets an id that exists in the demo data (1), so most reads answer 200.
    .map(([path]) => path.replace(/\{[^}]+\}/g, '1'));
  expect(reads.length).toBeGreaterThan(25);

  const seen: string[] = [];
  let ok = 0;
  for (const url of reads) {
    for (const cookie of [adminCookie, undefined]) {
      const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      if (cookie && res.statusCode === 200) ok += 1;
      if (res.headers['cache-control'] !== 'private, no-store') {
        seen.push(
          `${cookie ? 'admin' : 'signed out'} GET ${url} ${res.statusCode}: ${res.headers['cache-control']}`,
        );
      }
    }
  }
  expect(seen).toEqual([]);
  // The exception stays what it is: a public list (the test would pass vacuously if it vanished).
  const milestones = await t.app.inject({ url: [...PUBLIC][0]! });
  expect([milestones.statusCode, milestones.headers['cache-control']]).toEqual([200, PUBLIC_CATALOGUE_CACHE]);
  // The reads themselves were reached, not only their refusals.
  expect(ok).toBeGreaterThan(reads.length / 2);
});
