import { ErrorBody, LangQuery } from '@spice/shared/contracts/common';
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
const LANG_NOTE =
  "`?lang=hi` gives each text in Hindi, falling back to the English where there is no Hindi for it; any other value than 'en' or 'hi' is a 400.";

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
        description: LANG_NOTE,
        querystring: LangQuery,
        response: { 200: z.array(Banner), 400: ErrorBody },
      },
    },
    (request) => content.banners(request.query.lang),
  );
  app.get(
    '/website/footer',
    {
      schema: {
        tags,
        summary: 'Footer fields, terms and privacy policy',
        description: LANG_NOTE,
        querystring: LangQuery,
        response: { 200: Footer, 400: ErrorBody },
      },
    },
    (request) => content.footer(request.query.lang),
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
        description: LANG_NOTE,
        querystring: SectionsQuery.extend(LangQuery.shape),
        response: { 200: z.array(ContentSection), 400: ErrorBody },
      },
    },
    (request) => content.sections(request.query.key, request.query.lang),
  );
  app.get(
    '/website/policies/:kind',
    {
      schema: {
        tags,
        summary: 'One policy text: privacy, terms, return or shipping',
        description: LANG_NOTE,
        params: PolicyKindParam,
        querystring: LangQuery,
        response: { 200: Policy, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const policy = await content.policy(request.params.kind, request.query.lang);
      if (!policy) throw notFound('Content not available.');
      return policy;
    },
  );
  app.get(
    '/website/settings',
    {
      schema: {
        tags,
        summary: 'Store name, title, description and logo',
        description: LANG_NOTE,
        querystring: LangQuery,
        response: { 200: SiteSettings, 400: ErrorBody },
      },
    },
    (request) => content.settings(request.query.lang),
  );
};
