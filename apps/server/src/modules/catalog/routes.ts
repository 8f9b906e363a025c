import {
  BestsellersQuery,
  Product,
  ProductList,
  RecommendationsQuery,
  SearchQuery,
  SlugParam,
} from '@spice/shared/contracts/catalog';
import { ErrorBody, IdParam, LangQuery } from '@spice/shared/contracts/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CATALOGUE_CACHE, sendCachedJson } from '../../lib/cache-headers.ts';
import { notFound } from '../../plugins/errors.ts';

const tags = ['catalog'];
const LANG_NOTE =
  "`?lang=hi` gives each text in Hindi, falling back to the English where the product has no Hindi for it; any other value than 'en' or 'hi' is a 400.";

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog, search } = app.services;

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'All products, active and inactive, with variants',
        description: LANG_NOTE,
        querystring: LangQuery,
        response: { 200: ProductList, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const snap = await catalog.view(request.query.lang);
      return sendCachedJson(request, reply, snap.allJson, snap.allEtag);
    },
  );

  app.get(
    '/products/active',
    {
      schema: {
        tags,
        summary: 'Active products for recommendations, optionally excluding one',
        description: LANG_NOTE,
        querystring: RecommendationsQuery.extend(LangQuery.shape),
        response: { 200: ProductList, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CATALOGUE_CACHE);
      return catalog.recommendations(request.query.exclude, request.query.limit, request.query.lang);
    },
  );

  app.get(
    '/products/search',
    {
      schema: {
        tags,
        summary:
          'Active products matching the query: names (English, Hindi, common spellings) equal to or containing it first; otherwise typo-tolerant matches of names, keywords and descriptions',
        description: LANG_NOTE,
        querystring: SearchQuery.extend(LangQuery.shape),
        response: { 200: ProductList, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      // How long the search itself took, for the browser's devtools and bench/search.ts.
      const started = performance.now();
      const generation = app.frontCache.generation();
      const found = await search.searchJson(request.query.q, undefined, request.query.lang);
      reply.header('server-timing', `search;dur=${(performance.now() - started).toFixed(2)}`);
      // The products' JSON as GET /api/products writes it (ProductList), joined, not re-serialised.
      const sent = sendCachedJson(request, reply as FastifyReply, found.json, found.etag);
      // The same URL is answered again before the framework until the catalogue changes (0051).
      if (request.method === 'GET')
        app.frontCache.keep(
          request.raw.url ?? request.url,
          generation,
          reply.getHeaders(),
          found.json,
          request.routeOptions.url ?? '/api/products/search',
        );
      return sent;
    },
  );

  app.get(
    '/products/bestsellers',
    {
      schema: {
        tags,
        summary: 'Active bestsellers (or the first active products), offered when a search finds nothing',
        description: LANG_NOTE,
        querystring: BestsellersQuery.extend(LangQuery.shape),
        response: { 200: ProductList, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CATALOGUE_CACHE);
      return catalog.bestsellers(request.query.limit, request.query.lang);
    },
  );

  app.get(
    '/products/slug/:slug',
    {
      schema: {
        tags,
        summary: 'One product by slug',
        description: LANG_NOTE,
        params: SlugParam,
        querystring: LangQuery,
        response: { 200: Product, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const product = await catalog.getBySlug(request.params.slug, request.query.lang);
      if (!product) throw notFound('Product not found.');
      reply.header('cache-control', PUBLIC_CATALOGUE_CACHE);
      return product;
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        summary: 'One product by id',
        description: LANG_NOTE,
        params: IdParam,
        querystring: LangQuery,
        response: { 200: Product, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const product = await catalog.getById(request.params.id, request.query.lang);
      if (!product) throw notFound('Product not found.');
      reply.header('cache-control', PUBLIC_CATALOGUE_CACHE);
      return product;
    },
  );
};
