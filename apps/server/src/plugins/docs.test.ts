// The API document at /api/docs/json (the README links it): served whole, valid OpenAPI 3.1 by a
// maintained validator, and naming every route the app registers; also once the storefront's
// server bundle has loaded its own copy of the shared contracts (which made it answer 500,
// 'Duplicate schema id CodSettings', issue 30).
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { registeredRoutes } from './docs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

type Doc = { openapi: string; paths: Record<string, Record<string, unknown>> };

async function fetchDocument(): Promise<Doc> {
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as Doc;
}

/** Fastify's '/api/orders/:orderNumber' as OpenAPI writes it: '/api/orders/{orderNumber}'. */
const openApiPath = (url: string) => url.replaceAll(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('GET /api/docs/json', () => {
  it('is valid OpenAPI 3.1', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : compileErrors(result)).toEqual([]);
  });

  it('names every route the app registers', async () => {
    const doc = await fetchDocument();
    const routes = registeredRoutes(t.app).filter(
      (r) => r.url.startsWith('/api/') && !r.hidden && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(80);
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it("still answers once the storefront's bundle has loaded its own copy of the shared contracts", async () => {
    // A second instance of the module, as the storefront's server bundle holds (vite noExternal).
    // @ts-expect-error the query makes it another module instance; its types are the same module's
    await import('../../../../packages/shared/src/contracts/cod.ts?storefront-copy');
    const doc = await fetchDocument();
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : compileErrors(result)).toEqual([]);
  });
});
