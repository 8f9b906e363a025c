// OpenAPI document generated from the same Zod schemas the routes validate with, and a viewer.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { $ZodRegistry, type $ZodType, type GlobalMeta, globalRegistry } from 'zod/v4/core';

/**
 * The schemas' names as the document reads them. The storefront's server bundle carries its own
 * copy of the shared contracts (apps/web/vite.config.ts `noExternal`), and once the first page is
 * rendered that copy has registered a second schema under each id (`CodSettings`…) in Zod's one
 * global registry; converted together, two schemas with one id make Zod throw, and the document
 * answered 500. Here an id belongs to the schema that held it when the API was built (the
 * server's own copy, the one its routes use); another schema with that id goes in unnamed.
 */
export function documentRegistry(): $ZodRegistry<GlobalMeta> {
  const owners = new Map(globalRegistry._idmap);
  const ownerOf = (id: string) => owners.get(id) ?? globalRegistry._idmap.get(id);
  const registry = new $ZodRegistry<GlobalMeta>();
  registry._map = {
    get(schema: $ZodType) {
      const meta = globalRegistry._map.get(schema);
      if (!meta?.id || ownerOf(meta.id) === schema) return meta;
      const { id: _other, ...rest } = meta;
      return rest;
    },
    has: (schema: $ZodType) => globalRegistry._map.has(schema),
  } as unknown as WeakMap<$ZodType, GlobalMeta>;
  // Read at each use: schemas named after the API was built join, under names no one else holds.
  Object.defineProperty(registry, '_idmap', {
    get() {
      const ids = new Map(owners);
      for (const [id, schema] of globalRegistry._idmap) if (!ids.has(id)) ids.set(id, schema);
      return ids;
    },
  });
  return registry;
}

/** Every route the app registered (method and URL), for the test that finds each in the document. */
const registered = new WeakMap<FastifyInstance, { method: string; url: string; hidden: boolean }[]>();
export const registeredRoutes = (app: FastifyInstance) => registered.get(app) ?? [];

export async function registerDocs(app: FastifyInstance): Promise<void> {
  const routes: { method: string; url: string; hidden: boolean }[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, hidden });
  });
  const schemaRegistry = documentRegistry();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Spice shop API',
        version: '1.0.0',
        description: 'Catalogue, content, accounts, cart, checkout and orders. Prices are in rupees.',
      },
      servers: [],
    },
    transform: createJsonSchemaTransform({ schemaRegistry }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
