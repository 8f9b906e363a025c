import {
  BestsellersQuery,
  Product,
  ProductList,
  RecommendationsQuery,
  SearchQuery,
  SlugParam,
} from '@spice/shared/contracts/catalog';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CATALOGUE_CACHE, sendCachedJson } from '../../lib/cache-headers.ts';
import { notFound } from '../../plugins/errors.ts';

const tags = ['catalog'];

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog, search } = app.services;

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'All products, active and inactive, with variants',
        response: { 200: ProductList },
      },
    },
    async (request, reply) => {
      const snap = await catalog.snapshot();
      return sendCachedJson(request, reply, snap.allJson, snap.allEtag);
    },
  );

  app.get(
    '/products/active',
    {
      schema: {
        tags,
        summary: 'Active products for recommendations, optionally excluding one',
        querystring: RecommendationsQuery,
        response: { 200: ProductList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CATALOGUE_CACHE);
      return catalog.recommendations(request.query.exclude, request.query.limit);
    },
  );

  app.get(
    '/products/search',
    {
      schema: {
        tags,
        summary:
          'Active products matching the query: names (English, Hindi, common spellings) equal to or containing it first; otherwise typo-tolerant matches of names, keywords and descriptions',
        querystring: SearchQuery,
        response: { 200: ProductList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CATALOGUE_CACHE);
      // How long the search itself took, for the browser's devtools and bench/search.ts.
      const started = performance.now();
      const found = await search.search(request.query.q);
      reply.header('server-timing', `search;dur=${(performance.now() - started).toFixed(2)}`);
      return found;
    },
  );

  app.get(
    '/products/bestsellers',
    {
      schema: {
        tags,
        summary: 'Active bestsellers (or the first active products), offered when a search finds nothing',
        querystring: BestsellersQuery,
        response: { 200: ProductList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CATALOGUE_CACHE);
      return catalog.bestsellers(request.query.limit);
    },
  );

  app.get(
    '/products/slug/:slug',
    {
      schema: {
        tags,
        summary: 'One product by slug',
        params: SlugParam,
        response: { 200: Product, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const product = await catalog.getBySlug(request.params.slug);
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
        params: IdParam,
        response: { 200: Product, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const product = await catalog.getById(request.params.id);
      if (!product) throw notFound('Product not found.');
      reply.header('cache-control', PUBLIC_CATALOGUE_CACHE);
      return product;
    },
  );
};
