// The back office's storefront content API: banners, footer fields, marketplace links and the
// About page's sections. Every route checks the admin role first (401 logged out, 403 for
// shoppers), before the body is even read; writes carry the version the form showed (409 when the
// record changed meanwhile) and the storefront shows them on its next request.
import {
  AboutSectionCreate,
  AboutSectionUpdate,
  AdminAboutSection,
  AdminBanner,
  AdminFooter,
  AdminMarketplaceLink,
  BannerCreate,
  BannerUpdate,
  FooterEdit,
  MarketplaceLinkCreate,
  MarketplaceLinkUpdate,
  ReorderInput,
  VersionQuery,
} from '@spice/shared/contracts/admin-site';
import { ErrorBody, IdParam } from '@spice/shared/contracts/common';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const CONFLICT_NOTE = 'version is the one the page showed; a change made meanwhile answers 409.';

export const adminSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, contentAdmin } = app.services;
  neverCache(app);
  // Logged out or a shopper is refused whatever the body holds.
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request, accounts);
  });
  const admin = (request: Parameters<typeof requireAdmin>[0]) => requireAdmin(request, accounts);

  // ---- Banners -------------------------------------------------------------------------------------
  app.get(
    '/admin/banners',
    {
      schema: {
        tags,
        summary: 'Every banner in order, with where it stands now (live, scheduled, expired, hidden)',
        response: { 200: z.array(AdminBanner), ...errors },
      },
    },
    () => contentAdmin.listBanners(),
  );

  app.post(
    '/admin/banners',
    {
      schema: {
        tags,
        summary: 'Add a banner (at the top of the list); start and end in IST or ISO with a zone',
        body: BannerCreate,
        response: { 201: AdminBanner, ...errors },
      },
    },
    async (request, reply) => {
      const created = await contentAdmin.createBanner(await admin(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/admin/banners/order',
    {
      schema: {
        tags,
        summary: 'Put the banners in a new order (every banner once, each with its version)',
        description: 'The home page shows the first live banner of this order.',
        body: ReorderInput,
        response: { 200: z.array(AdminBanner), ...errors },
      },
    },
    async (request) => contentAdmin.reorderBanners(await admin(request), request.body),
  );

  app.put(
    '/admin/banners/:id',
    {
      schema: {
        tags,
        summary: 'Change a banner',
        description: CONFLICT_NOTE,
        params: IdParam,
        body: BannerUpdate,
        response: { 200: AdminBanner, ...errors },
      },
    },
    async (request) => contentAdmin.updateBanner(await admin(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/banners/:id',
    {
      schema: {
        tags,
        summary: 'Delete a banner',
        description: CONFLICT_NOTE,
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await contentAdmin.deleteBanner(await admin(request), request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );

  // ---- Footer --------------------------------------------------------------------------------------
  app.get(
    '/admin/footer',
    {
      schema: {
        tags,
        summary: 'The footer fields (social links, phone, e-mail, links, logo) with their version',
        response: { 200: AdminFooter, ...errors },
      },
    },
    async () => {
      const footer = await contentAdmin.footer();
      if (!footer) throw new AppError('notFound', 'Store settings not found.');
      return footer;
    },
  );

  app.put(
    '/admin/footer',
    {
      schema: {
        tags,
        summary: 'Change the footer fields (blank means none)',
        description: `${CONFLICT_NOTE} The version is shared with the store name, title and description (one settings record).`,
        body: FooterEdit,
        response: { 200: AdminFooter, ...errors },
      },
    },
    async (request) => contentAdmin.updateFooter(await admin(request), request.body),
  );

  // ---- Marketplace links ---------------------------------------------------------------------------
  app.get(
    '/admin/marketplace-links',
    {
      schema: {
        tags,
        summary: "The 'Also available on:' marketplace links in order",
        response: { 200: z.array(AdminMarketplaceLink), ...errors },
      },
    },
    () => contentAdmin.listMarketplaceLinks(),
  );

  app.post(
    '/admin/marketplace-links',
    {
      schema: {
        tags,
        summary: 'Add a marketplace link (at the end)',
        body: MarketplaceLinkCreate,
        response: { 201: AdminMarketplaceLink, ...errors },
      },
    },
    async (request, reply) => {
      const created = await contentAdmin.createMarketplaceLink(await admin(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/admin/marketplace-links/order',
    {
      schema: {
        tags,
        summary: 'Put the marketplace links in a new order (every link once, each with its version)',
        body: ReorderInput,
        response: { 200: z.array(AdminMarketplaceLink), ...errors },
      },
    },
    async (request) => contentAdmin.reorderMarketplaceLinks(await admin(request), request.body),
  );

  app.put(
    '/admin/marketplace-links/:id',
    {
      schema: {
        tags,
        summary: 'Change a marketplace link',
        description: CONFLICT_NOTE,
        params: IdParam,
        body: MarketplaceLinkUpdate,
        response: { 200: AdminMarketplaceLink, ...errors },
      },
    },
    async (request) =>
      contentAdmin.updateMarketplaceLink(await admin(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/marketplace-links/:id',
    {
      schema: {
        tags,
        summary: 'Delete a marketplace link',
        description: CONFLICT_NOTE,
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await contentAdmin.deleteMarketplaceLink(
        await admin(request),
        request.params.id,
        request.query.version,
      );
      return reply.status(204).send(null);
    },
  );

  // ---- About page sections -------------------------------------------------------------------------
  app.get(
    '/admin/about-sections',
    {
      schema: {
        tags,
        summary: 'The About page sections in order',
        response: { 200: z.array(AdminAboutSection), ...errors },
      },
    },
    () => contentAdmin.listSections(),
  );

  app.post(
    '/admin/about-sections',
    {
      schema: {
        tags,
        summary: 'Add an About page section (at the end)',
        body: AboutSectionCreate,
        response: { 201: AdminAboutSection, ...errors },
      },
    },
    async (request, reply) => {
      const created = await contentAdmin.createSection(await admin(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/admin/about-sections/order',
    {
      schema: {
        tags,
        summary: 'Put the About sections in a new order (every section once, each with its version)',
        body: ReorderInput,
        response: { 200: z.array(AdminAboutSection), ...errors },
      },
    },
    async (request) => contentAdmin.reorderSections(await admin(request), request.body),
  );

  app.put(
    '/admin/about-sections/:id',
    {
      schema: {
        tags,
        summary: 'Change an About page section',
        description: CONFLICT_NOTE,
        params: IdParam,
        body: AboutSectionUpdate,
        response: { 200: AdminAboutSection, ...errors },
      },
    },
    async (request) => contentAdmin.updateSection(await admin(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/about-sections/:id',
    {
      schema: {
        tags,
        summary: 'Delete an About page section',
        description: CONFLICT_NOTE,
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await contentAdmin.deleteSection(await admin(request), request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );
};
