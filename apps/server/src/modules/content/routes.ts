import { ErrorBody } from '@spice/shared/contracts/common';
import {
  Banner,
  ContentSection,
  Footer,
  MarketplaceLink,
  Policy,
  PolicyKindParam,
  SectionsQuery,
  SiteSettings,
} from '@spice/shared/contracts/content';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_CATALOGUE_CACHE } from '../../lib/cache-headers.ts';
import { notFound } from '../../plugins/errors.ts';

const tags = ['content'];

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', PUBLIC_CATALOGUE_CACHE);
  });

  app.get(
    '/website/banners',
    {
      schema: {
        tags,
        summary: 'Banners with visibility and time window',
        response: { 200: z.array(Banner) },
      },
    },
    () => content.banners(),
  );
  app.get(
    '/website/footer',
    { schema: { tags, summary: 'Footer fields, terms and privacy policy', response: { 200: Footer } } },
    () => content.footer(),
  );
  app.get(
    '/website/available-on',
    { schema: { tags, summary: 'Marketplace links', response: { 200: z.array(MarketplaceLink) } } },
    () => content.marketplaceLinks(),
  );
  app.get(
    '/website/sections',
    {
      schema: {
        tags,
        summary: 'Content sections by key, sorted by orderIndex',
        querystring: SectionsQuery,
        response: { 200: z.array(ContentSection) },
      },
    },
    (request) => content.sections(request.query.key),
  );
  app.get(
    '/website/policies/:kind',
    {
      schema: {
        tags,
        summary: 'One policy text: privacy, terms, return or shipping',
        params: PolicyKindParam,
        response: { 200: Policy, 404: ErrorBody },
      },
    },
    async (request) => {
      const policy = await content.policy(request.params.kind);
      if (!policy) throw notFound('Content not available.');
      return policy;
    },
  );
  app.get(
    '/website/settings',
    { schema: { tags, summary: 'Store name, title, description and logo', response: { 200: SiteSettings } } },
    () => content.settings(),
  );
};
